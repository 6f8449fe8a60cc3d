// A monotonic clock in milliseconds for progress lines and durations. The `performance` global
// would do, but the first touch of it loads Node's perf_hooks, a share of a command's run.
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
