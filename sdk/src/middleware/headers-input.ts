/**
 * What `new Headers(...)` takes: a `Headers`, a record or a list of pairs. Spelled through the
 * constructor because `HeadersInit` is a name only the DOM library declares, and the SDK's
 * declarations must also compile in Node projects without it.
 */
export type HeadersInput = NonNullable<ConstructorParameters<typeof Headers>[0]>;
