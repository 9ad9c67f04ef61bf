// Stand-ins for the browser's localStorage in the web app's unit tests (they run in Node).

/** A localStorage kept in a Map (`values`, for the test to read and change). */
export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

/** A localStorage the browser refuses (privacy mode, blocked site data): every call throws. */
export function blockedStorage() {
  const refuse = (): never => {
    throw new Error('SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}
