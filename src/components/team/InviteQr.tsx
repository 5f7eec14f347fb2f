// An invite link as a QR code (uqr's encode, drawn here as one SVG path): dark on white in either theme, with the quiet
// zone scanners need, and big enough for a phone across the table to read.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function InviteQr({ url, label }: { url: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(url, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
    return { size: qr.size, path: d };
  }, [url]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="mx-auto aspect-square w-full max-w-80 rounded-box bg-white"
      shapeRendering="crispEdges"
      data-testid="invite-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
