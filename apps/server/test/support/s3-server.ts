import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3MediaStore } from '../../src/media/s3-media-store';

export interface LocalS3 {
  endpoint: string;
  /** A store on `bucket` of this server, with the server's test credentials. */
  store(bucket?: string): S3MediaStore;
  close(): Promise<void>;
}

/** A local S3-protocol server (s3rver) on a random loopback port, with bucket `media` made. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hondana-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const stores: S3MediaStore[] = [];
  return {
    endpoint,
    store: (bucket = 'media') => {
      const store = new S3MediaStore({
        bucket,
        endpoint,
        client: { region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
      });
      stores.push(store);
      return store;
    },
    close: async () => {
      for (const store of stores) store.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
