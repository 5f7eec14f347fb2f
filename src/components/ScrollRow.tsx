// A row wider than the screen that scrolls sideways within itself, never the page: a fade on each side where more of it
// lies, so a phone shows that it scrolls (issue 48: the team's per-member table was cut with no sign of more).
import { useEffect, useRef, useState, type ReactNode } from 'react';

type More = '' | 'start' | 'end' | 'both';

/** Where more of the row lies, from its scroll position; right to left, scrollLeft runs from 0 down to -max. */
function moreOf(row: HTMLElement): More {
  const max = row.scrollWidth - row.clientWidth;
  if (max <= 1) return '';
  const at = Math.abs(row.scrollLeft);
  const start = at > 1;
  const end = at < max - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : '';
}

const fade = 'pointer-events-none absolute inset-y-0 w-10 from-base-100 to-transparent transition-opacity';

/** `label` names the region for screen readers; it takes the focus, so a keyboard scrolls it too (axe: scrollable-region-focusable). */
export function ScrollRow({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<More>('');

  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => setMore(moreOf(element));
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The row's width (the screen turned) and its content's (a longer name, another language) both change what is hidden.
    const resized = new ResizeObserver(update);
    resized.observe(element);
    if (element.firstElementChild) resized.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);

  const start = more === 'start' || more === 'both';
  const end = more === 'end' || more === 'both';
  return (
    <div className="relative" data-scroll-row="" data-more={more}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes the focus so the keyboard can scroll it. */}
      <div ref={row} className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
        {children}
      </div>
      <span aria-hidden="true" data-fade="start" className={`${fade} start-0 bg-linear-to-r rtl:bg-linear-to-l ${start ? 'opacity-100' : 'opacity-0'}`} />
      <span aria-hidden="true" data-fade="end" className={`${fade} end-0 bg-linear-to-l rtl:bg-linear-to-r ${end ? 'opacity-100' : 'opacity-0'}`} />
    </div>
  );
}
