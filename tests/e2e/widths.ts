// How wide a screen is, for the browser tests: nothing past the screen's edge and no sideways scroll, at the widths of
// phones (issue 13, issue 48). With isMobile the layout viewport widens to fit an overflow, so the page's scroll width is
// compared with the device's width, not innerWidth.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What reaches past the screen at the page's current width: the document's scroll width, and the innermost elements
 * whose right edge (or, right to left, left edge) lies outside it, unless a box around them clips or scrolls them
 * sideways (that box is measured itself). Each named as `<tag class> "text…" at left..right`.
 */
function pastTheEdge(page: Page, width: number) {
  return page.evaluate((width) => {
    const screen = document.documentElement.clientWidth;
    const rtl = document.documentElement.dir === 'rtl';
    const clipsSideways = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const past = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || !(box.right > width + 1 || (rtl && box.left < -1))) return false;
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (clipsSideways(up)) return false;
      return true;
    });
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const culprits = innermost.slice(0, 4).map((el) => {
      const box = el.getBoundingClientRect();
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${text}" at ${Math.round(box.left)}..${Math.round(box.right)}`;
    });
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: screen, culprits };
  }, width);
}

export async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  const { scrollWidth, clientWidth, culprits } = await pastTheEdge(page, width);
  expect.soft(scrollWidth, `${where}: the page is ${scrollWidth}px wide on a ${width}px screen (${culprits.join(', ')})`).toBeLessThanOrEqual(width);
  expect.soft(scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  expect.soft(culprits, `${where}: past the screen's edge`).toEqual([]);
}

export const WIDTHS = [390, 320];

/** The screen as it is now, at each width: nothing past the edge, and a row that scrolls sideways shows that it does. */
export async function fitsEachWidth(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, `${where} at ${width}px`);
    // Only a scroll row scrolls sideways, and it shows a fade on the side where more is: a box scrolling sideways
    // otherwise (a dialog whose content is wider than it) hides its buttons.
    const unmarked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('body *:not(input, textarea, select)')]
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1 && el.checkVisibility())
        .filter((el) => !el.closest('[data-scroll-row]')?.getAttribute('data-more'))
        .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${el.scrollWidth} in ${el.clientWidth}`),
    );
    expect.soft(unmarked, `${where} at ${width}px: boxes scrolling sideways with no sign of it`).toEqual([]);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
}

/** On the phone, the screen as it is at 390 and 320 px ({@link fitsEachWidth}); on a desktop, at its own width. */
export async function expectFits(page: Page, where: string) {
  if (test.info().project.name === 'phone') await fitsEachWidth(page, where);
  else await expectNoSidewaysScroll(page, where);
}
