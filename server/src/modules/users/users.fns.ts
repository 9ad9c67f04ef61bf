import type { UserRow } from '../../db/schema';

/** Length of the free trial every new account starts with (spec sections 1 and 9). */
export const TRIAL_DAYS = 7;

/**
 * How soon after the account's first session another may begin and still count as the first visit:
 * the sign-up's session, then the sign-in on another device where the verification link was opened.
 */
export const FIRST_SESSION_WINDOW_MS = 60 * 60_000;

/**
 * Whether the session is the account's first visit (the dashboard then says "Welcome," rather
 * than "Welcome back,"): it began within FIRST_SESSION_WINDOW_MS of the account's first session
 * (the sign-up's, or the first sign-in of an account made for its user: an admin made at first
 * start, a team member). Not the account's creation: an admin made when the server first started
 * signs in for the first time a day later. `firstSignedInAt` null: no session has begun yet, so
 * this one is the first.
 */
export function isFirstSession(account: { firstSignedInAt: Date | null }, session: { startedAt: Date }): boolean {
  if (!account.firstSignedInAt) return true;
  return session.startedAt.getTime() - account.firstSignedInAt.getTime() < FIRST_SESSION_WINDOW_MS;
}

/** Company logos: PNG, JPEG or WebP, recognised by their first bytes, at most 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export type ImageType = 'png' | 'jpg' | 'webp';

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The image type by magic bytes, never by name or declared type; null for anything else. */
export function detectImageType(content: Buffer): ImageType | null {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpg';
  if (content.length >= 12 && content.toString('latin1', 0, 4) === 'RIFF' && content.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Logo files are named by 128 random bits (base64url) and their type: unguessable, safe to serve publicly. */
export const LOGO_FILE_NAME = /^[A-Za-z0-9_-]{22}\.(png|jpg|webp)$/;

export const logoStorageKey = (fileName: string) => `logos/${fileName}`;

/** Every other file of a user lives under this prefix (documents, exports), removed with the account. */
export const userFilesPrefix = (userId: number) => `users/${userId}/`;

export const logoUrl = (fileName: string) => `/api/files/logos/${fileName}`;

export interface PersonalInfo {
  phone: string;
  job_title: string;
  country: string;
}

export interface CompanyInfo {
  name: string;
  website: string;
  address: string;
  /** File name of the logo in storage, or empty. */
  logo: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readPersonalInfo(value: Record<string, unknown> | null | undefined): PersonalInfo {
  return { phone: text(value?.phone), job_title: text(value?.job_title), country: text(value?.country) };
}

export function readCompanyInfo(value: Record<string, unknown> | null | undefined): CompanyInfo {
  const logo = text(value?.logo);
  return { name: text(value?.name), website: text(value?.website), address: text(value?.address), logo: LOGO_FILE_NAME.test(logo) ? logo : '' };
}

/**
 * Why the account may not be deleted yet, as a message key, or null: the owner of a team
 * must hand it over or dissolve it first (the team would be left without its owner and plan).
 */
export function accountDeletionBlocker(user: Pick<UserRow, 'id'>, team: { ownerId: number } | null): string | null {
  return team?.ownerId === user.id ? 'users.team_owner_cannot_delete' : null;
}
