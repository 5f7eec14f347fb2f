// The test clients' fetch, sending a request again the way browsers do when the kept-alive connection it went out on
// had carried an answer before and was closed without one for it: the server closed it as idle while the request was
// on its way. Each such failure uses up one kept connection, so this ends at a new connection at the latest. A server
// process of its own, starved of CPU beside the browser tests, closed such a connection on its 30 s timer before the
// client, slower still, had seen the close ("other side closed" in encrypted-export.test.ts). A request on a new
// connection that gets no answer is not sent again: that failure is the test's to see.

/** A body fetch can send twice. */
export type ResendableInit = Omit<RequestInit, 'body'> & { body?: string | Uint8Array<ArrayBuffer> };

export async function fetchResending(url: string, init: ResendableInit = {}): Promise<Response> {
  for (let kept = 0; ; kept++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      // More kept connections than any test opens to one server at once: past that, the failure is the test's to see.
      if (!closedWhileKept(error) || kept === 64) throw error;
    }
  }
}

/** undici's error for a connection closed before any answer, on a socket that had already read one. */
function closedWhileKept(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; socket?: { bytesRead?: unknown } } } | null)?.cause;
  return cause?.code === 'UND_ERR_SOCKET' && typeof cause.socket?.bytesRead === 'number' && cause.socket.bytesRead > 0;
}
