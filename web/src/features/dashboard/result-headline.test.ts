import { analysisToast } from './result-headline';

describe('the toast after an analysis', () => {
  const watch = { trigger: 'a 5m CHoCH up inside 1.08420-1.08460' } as never;
  const plan = { direction: 'LONG' } as never;

  it('announces a generated plan only when there is one', () => {
    expect(analysisToast({ tradePlan: plan, setupToWatch: null })).toEqual({
      title: 'Analysis Complete',
      description: 'Your trade plan has been generated successfully.',
    });
  });

  it('says "No trade now" without a plan, naming the setup to watch when there is one', () => {
    expect(analysisToast({ tradePlan: null, setupToWatch: watch })).toEqual({
      title: 'No trade now',
      description: 'Setup to watch: a 5m CHoCH up inside 1.08420-1.08460.',
    });
    const bare = analysisToast({ tradePlan: null, setupToWatch: null });
    expect(bare.title).toBe('No trade now');
    expect(bare.description).not.toMatch(/generated/);
  });
});
