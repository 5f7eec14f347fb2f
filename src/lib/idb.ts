// One IndexedDB object store in a database of its own, opened once and shared by every use (the outbox, the kept query cache).

/**
 * The store's transactions: `transaction(mode, action)` runs `action` on the store in a transaction of its own and
 * resolves with its request's result once the transaction has committed; transactions run in the order they were
 * opened. The database opens at the first use; another tab upgrading or deleting it ('Forget this device') is not held
 * up by this connection: it closes, and the next use opens it again.
 */
export function objectStore(name: string, store: string, keyPath: string) {
  let opening: Promise<IDBDatabase> | null = null;
  const database = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath });
      request.onsuccess = () => {
        request.result.onversionchange = () => {
          request.result.close();
          opening = null;
        };
        resolve(request.result);
      };
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    });
    return opening;
  };
  return async function transaction<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
    const db = await database();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(store, mode);
      const request = action(tx.objectStore(store));
      tx.oncomplete = () => resolve(request ? request.result : undefined);
      tx.onerror = tx.onabort = () => reject(tx.error ?? request?.error);
    });
  };
}
