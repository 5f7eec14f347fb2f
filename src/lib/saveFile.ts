// Saving bytes made in the page (an encrypted export, the recovery codes) as a file, as a link to them clicked would.

export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click's turn is over.
  setTimeout(() => URL.revokeObjectURL(url));
}
