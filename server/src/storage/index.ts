import path from 'node:path';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { createLocalStorage, type FileStorage } from './local';
import { createS3Storage } from './s3';

export interface StorageConfig {
  /** `s3://bucket/prefix` selects S3-compatible storage; unset keeps files under DATA_DIR/files. */
  url?: string;
  endpoint?: string;
  region?: string;
  forcePathStyle?: boolean;
}

/** The one place that chooses where files live (STORAGE_URL). */
export function createStorageFromConfig(config: { dataDir: string; storage: StorageConfig }, credentials?: S3ClientConfig['credentials']): FileStorage {
  const { url, endpoint, region, forcePathStyle } = config.storage;
  if (!url) return createLocalStorage(path.join(config.dataDir, 'files'));
  return createS3Storage({ url, endpoint, region, forcePathStyle, credentials });
}
