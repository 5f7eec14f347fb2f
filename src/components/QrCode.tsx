// A text as a QR code (uqr's encode, drawn here as one SVG path): dark on white in either theme, with the quiet zone
// scanners need. An invite link's (team/InviteLinks.tsx) and an authenticator app's key (TwoFactorSettings.tsx).
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ text, label, className, testId }: { text: string; label: string; className: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
    return { size: qr.size, path: d };
  }, [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className={`bg-white ${className}`} shapeRendering="crispEdges" data-testid={testId}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
