import { Redis } from 'ioredis';
async function probe(opts) {
  const c = new Redis({ lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 2000, enableOfflineQueue: false, ...opts });
  let last = null; c.on('error', (e) => { last = e; });
  const t0 = Date.now();
  try { await c.connect(); const p = await c.ping(); console.log(JSON.stringify(opts), 'ok', p); }
  catch (e) { console.log(JSON.stringify(opts), 'ERR', e.message, '| last:', last && last.code, last && last.message, Date.now() - t0); }
  finally { c.disconnect(); }
}
await probe({ host: '127.0.0.1', port: 6399 });
await probe({ host: '127.0.0.1', port: 6392 });
await probe({ host: '127.0.0.1', port: 6392, password: 'bad' });
await probe({ host: '127.0.0.1', port: 6392, password: 'sekret' });
await probe({ host: '127.0.0.1', port: 6391, password: 'x' });
await probe({ host: 'no-such-host.invalid', port: 6391 });
await probe({ host: '10.255.255.1', port: 6391 });
await probe({ host: '127.0.0.1', port: 6391, tls: {} });
