import { it } from 'vitest';
import { newPage } from './support/browser';

it('shots', async () => {
  for (const width of [1280, 390]) {
    const { page } = await newPage({ width, height: 800 });
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page.screenshot({ path: `/tmp/first-b-shots/404-${width}.png` });
  }
});
