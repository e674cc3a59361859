/**
 * A thenable that answers as soon as it is asked. React.lazy reads a part's state right after
 * calling `then` on what its loader returned: given this for code that is already in, the part
 * renders in that same render instead of suspending until a promise settles a microtask later.
 */
export function resolvedNow<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (value: T) => unknown) => resolve(value) };
  return thenable as unknown as Promise<T>;
}
