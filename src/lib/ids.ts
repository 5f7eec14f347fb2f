// A record id read from the address (a route parameter, ?id=, a filter): a positive safe integer, or nothing.

/** '12' → 12; '0', 'abc', '1.5' or a number past the safe integers → null, which screens treat as "no such record". */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** A keyset list's next page starts after the last row's id; a page shorter than `size` was the last one. */
export function nextPageAfterLastId(size: number) {
  return (last: { id: number }[]) => (last.length === size ? last[last.length - 1].id : undefined);
}
