// Service requests and contact messages (shared/API.md "Requests"): the public forms and the admin's inbox.
import { z } from 'zod';
import { lang, pageMeta, statusMessage, timestamp } from './common';

export const serviceType = z.enum(['translation', 'proofreading', 'editing', 'quotation']);
export type ServiceType = z.output<typeof serviceType>;
export const requestStatus = z.enum(['new', 'quoted', 'accepted', 'done']);
export type RequestStatus = z.output<typeof requestStatus>;
const language = lang;

/** POST /api/requests (201): the reference the requester quotes. */
export const requestReceived = statusMessage.extend({ data: z.object({ id: z.number().int(), reference: z.string() }) });
export type RequestReceived = z.output<typeof requestReceived>;

/** One request of the admin's list. */
export const serviceRequest = z.object({
  id: z.number().int(),
  /** REQ-00042. */
  reference: z.string(),
  service: serviceType,
  /** en or ar (as the form sent them). */
  source_lang: z.string().nullable(),
  target_lang: z.string().nullable(),
  words: z.number().int().nullable(),
  seats: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  deadline: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string(),
  locale: language,
  user_id: z.number().int().nullable(),
  status: requestStatus,
  /** The attached document; `url` downloads it. */
  file: z.object({ name: z.string(), type: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ServiceRequest = z.output<typeof serviceRequest>;

/** GET /api/admin/requests: a page of requests, and how many there are of each status. */
export const serviceRequestPage = z.object({
  data: z.array(serviceRequest),
  meta: pageMeta.extend({ counts: z.record(requestStatus, z.number().int()) }),
});
export type ServiceRequestPage = z.output<typeof serviceRequestPage>;

export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  locale: language,
  user_id: z.number().int().nullable(),
  handled: z.boolean(),
  handled_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ContactMessage = z.output<typeof contactMessage>;

/** GET /api/admin/contact-messages. */
export const contactMessagePage = z.object({ data: z.array(contactMessage), meta: pageMeta });
export type ContactMessagePage = z.output<typeof contactMessagePage>;
