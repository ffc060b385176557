// The part of autocannon 9's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: Request) => Request };
    type Client = { setRequests(requests: Request[]): void; setHeaders(headers: Record<string, string>): void; setBody(body: string): void };
    type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
    type Result = { requests: Histogram; latency: Histogram; errors: number; timeouts: number; non2xx: number; duration: number };
    type Options = { url: string; method?: string; connections?: number; duration?: number; pipelining?: number; requests?: Request[]; setupClient?: (client: Client) => void };
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
