import { toastReducer, type ToasterToast } from './use-toast';

const t = (id: string): ToasterToast => ({ id, title: `toast ${id}`, open: true });

describe('toast state (SPEC 2, 4)', () => {
  it('keeps one toast visible: a new toast replaces the previous', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: t('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: t('2') });
    expect(state.toasts.map((x) => x.id)).toEqual(['2']);
  });

  it('dismissing closes the toast without removing it; removing drops it', () => {
    let state = toastReducer({ toasts: [t('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([{ ...t('1'), open: false }]);
    state = toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    const state = toastReducer(
      { toasts: [t('1')] },
      { type: 'UPDATE_TOAST', toast: { id: '1', title: 'changed' } },
    );
    expect(state.toasts[0]?.title).toBe('changed');
  });
});
