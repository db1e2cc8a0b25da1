import { type MediaStore, FileMediaStore, mediaRoot } from './media-store';
import { S3MediaStore } from './s3-media-store';

/** Where media are kept: the local folder DATA_DIR/media unless an S3 bucket is named. */
export interface MediaConfig {
  s3?: { bucket: string; endpoint?: string };
}

/**
 * MEDIA_S3_BUCKET (and, for an S3-compatible server, MEDIA_S3_ENDPOINT) move media to object
 * storage; credentials and region come from the standard AWS variables (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_REGION) or the SDK's other sources.
 */
export function mediaConfigFromEnv(env: NodeJS.ProcessEnv): MediaConfig {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  const endpoint = env.MEDIA_S3_ENDPOINT?.trim() || undefined;
  if (!bucket) {
    if (endpoint) throw new Error('MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not: name the bucket media go to');
    return {};
  }
  if (endpoint && !/^https?:\/\/[^\s/]+/.test(endpoint)) throw new Error(`MEDIA_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  return { s3: { bucket, endpoint } };
}

export function createMediaStore(dataDir: string, config: MediaConfig = {}): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new FileMediaStore(mediaRoot(dataDir));
}
