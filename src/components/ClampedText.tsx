// A user's long text kept to a few lines in a list, with 'Show more' when (and only when) it is cut short.
import { useLayoutEffect, useRef, useState } from 'react';
import { clampedText } from '../lib/messages';

const clamps = { 2: 'line-clamp-2', 3: 'line-clamp-3' } as const;

interface ClampedTextProps {
  text: string;
  lines: keyof typeof clamps;
  className?: string;
  /** Offers 'Show more' when the text is cut; without it the whole text is a click away elsewhere (its own page). */
  expandable?: boolean;
}

export function ClampedText({ text, lines, className = '', expandable = false }: ClampedTextProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!expandable || open || !element) return;
    // Whether the clamp hides anything changes with the width (a phone turned, a sidebar opened).
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expandable, open, text]);

  return (
    <>
      <p ref={ref} dir="auto" className={`wrap-anywhere whitespace-pre-line ${open ? '' : clamps[lines]} ${className}`}>
        {text}
      </p>
      {expandable && (cut || open) && (
        <button
          type="button"
          className="btn relative z-[1] -ms-2 mt-0.5 min-h-11 btn-ghost btn-xs text-primary sm:min-h-0"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? clampedText.less : clampedText.more}
        </button>
      )}
    </>
  );
}
