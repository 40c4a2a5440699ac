import { createServer, request } from 'node:http';
import { freePort } from './net';

/**
 * A counting pass-through in front of DynamoDB Local (PLANFORM_DYNAMODB_METRICS=1): benchmarks read the number
 * of calls per operation from /_local/metrics to show how many DynamoDB calls a request costs.
 */
export async function startDynamoDbMetricsProxy(target: string) {
  const counts: Record<string, number> = {};
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const operation = String(req.headers['x-amz-target'] ?? 'unknown').split('.')[1] ?? 'unknown';
    counts[operation] = (counts[operation] ?? 0) + 1;
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
