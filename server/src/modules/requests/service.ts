import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Locale } from '../../i18n/messages';
import { NotFound } from '../../http/errors';
import type { MailService } from '../../mail/jobs';
import { StorageNotFound, type FileStorage } from '../../storage/local';
import type { StoredUpload } from './form';
import { PAGE_SIZE, type RequestsRepo } from './repo';
import type { ContactInput, RequestFormContext, ServiceRequestInput } from './schemas';
import type { RequestStatus } from '../../db/tables/requests';
import { detectRequestFile, FORMAT_MIME, type RequestFileFormat } from './upload.fns';

const SAMPLE_BYTES = 65_536;
const DAY_MS = 86_400_000;

/** The reference a requester and the operator quote: REQ-00042. */
export const requestReference = (id: number) => `REQ-${String(id).padStart(5, '0')}`;

/** The attached file's name, type and size (stored together with it). */
const fileOf = (row: { id: number; file_name: string | null; file_type: string | null; file_size: number | null }) => ({
  name: row.file_name ?? requestReference(row.id),
  type: row.file_type ?? 'application/octet-stream',
  size: row.file_size ?? 0,
});

async function readSample(filePath: string, size: number) {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(Math.min(SAMPLE_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    const tailLength = Math.min(SAMPLE_BYTES, size);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

export function createRequestsService(deps: { repo: RequestsRepo; mail: MailService; storage: FileStorage; now: () => Date; operatorEmail: string; appUrl: string }) {
  const consoleUrl = (tab: 'requests' | 'messages') => `${deps.appUrl}/admin/requests${tab === 'messages' ? '?tab=messages' : ''}`;

  return {
    /**
     * What the request form's checks need besides its fields (serviceRequestSchema): the uploaded file's format by its
     * content (null when there is none or it is not one we take) and the earliest deadline, so that the route checks
     * everything in one pass and one 422 lists every problem.
     */
    async requestFormContext(upload: StoredUpload | null): Promise<RequestFormContext & { format: RequestFileFormat | null }> {
      const format = upload && upload.size > 0 ? detectRequestFile({ fileName: upload.fileName, declaredType: upload.declaredType, ...(await readSample(upload.path, upload.size)) }) : null;
      return {
        format,
        file: !upload ? 'none' : format ? 'accepted' : 'refused',
        // One day of slack: "today" where the requester lives may be yesterday in UTC.
        earliestDeadline: new Date(deps.now().getTime() - DAY_MS).toISOString().slice(0, 10),
      };
    },

    /**
     * Stores an order for a professional service (or an enterprise quotation) and e-mails
     * the operator and, in their language, the requester. The input was checked with the
     * upload's format (requestFormContext); the upload is kept only when it has one.
     */
    async submitRequest(input: ServiceRequestInput, context: { upload: StoredUpload | null; format: RequestFileFormat | null; userId: number | null; locale: Locale }) {
      const { upload, format } = context;
      let file: { name: string; path: string; type: string; size: number } | null = null;
      if (upload && format) {
        // Kept in the file storage (local disk or S3), so any api process can serve it.
        const key = `requests/${randomUUID()}.${format}`;
        await deps.storage.putFile(key, upload.path);
        file = { name: upload.fileName, path: key, type: FORMAT_MIME[format], size: upload.size };
      }

      const now = deps.now();
      const isQuotation = input.service === 'quotation';
      const row = await deps.repo.createRequest({
        service: input.service,
        source_lang: input.source_lang ?? null,
        target_lang: input.service === 'translation' || isQuotation ? (input.target_lang ?? null) : null,
        words: input.words ?? null,
        seats: isQuotation ? (input.seats ?? null) : null,
        deadline: input.deadline ?? null,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone ?? null,
        company: input.company ?? null,
        message: input.message,
        file_name: file?.name ?? null,
        file_path: file?.path ?? null,
        file_type: file?.type ?? null,
        file_size: file?.size ?? null,
        locale: context.locale,
        user_id: context.userId,
        created_at: now,
        updated_at: now,
      });
      const reference = requestReference(row.id);
      const mailData = {
        reference,
        service: input.service,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        sourceLang: input.source_lang,
        targetLang: input.target_lang,
        words: input.words,
        seats: isQuotation ? input.seats : undefined,
        deadline: input.deadline,
        fileName: file?.name,
        message: input.message,
      };
      await deps.mail.send({ to: input.email, locale: context.locale, template: 'serviceRequestReceived', data: mailData });
      await deps.mail.send({ to: deps.operatorEmail, locale: 'en', template: 'serviceRequestOperator', data: { ...mailData, consoleUrl: consoleUrl('requests') } });
      return { id: row.id, reference };
    },

    async listRequests(filter: { status?: RequestStatus; page: number }) {
      const [{ rows, total }, counts] = await Promise.all([deps.repo.listRequests(filter), deps.repo.countByStatus()]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          reference: requestReference(row.id),
          service: row.service,
          source_lang: row.source_lang,
          target_lang: row.target_lang,
          words: row.words,
          seats: row.seats,
          deadline: row.deadline,
          name: row.name,
          email: row.email,
          phone: row.phone,
          company: row.company,
          message: row.message,
          locale: row.locale,
          user_id: row.user_id,
          status: row.status,
          file: row.file_path ? { ...fileOf(row), url: `/api/admin/requests/${row.id}/file` } : null,
          created_at: row.created_at,
          updated_at: row.updated_at,
        })),
        meta: { page: filter.page, per_page: PAGE_SIZE, total, counts: { new: 0, quoted: 0, accepted: 0, done: 0, ...counts } },
      };
    },

    async setStatus(id: number, status: RequestStatus) {
      if (!(await deps.repo.setStatus(id, status, deps.now()))) throw new NotFound();
    },

    /** The attached file of a request, for the admin's download. */
    async requestFile(id: number) {
      const row = await deps.repo.findRequest(id);
      if (!row?.file_path) throw new NotFound();
      let stream: Readable;
      try {
        stream = await deps.storage.stream(row.file_path);
      } catch (error) {
        if (error instanceof StorageNotFound) throw new NotFound();
        throw error;
      }
      return { stream, ...fileOf(row) };
    },

    /** Stores a contact message and e-mails it to the operator. */
    async submitContactMessage(input: ContactInput, context: { userId: number | null; locale: Locale }) {
      const row = await deps.repo.createContactMessage({
        name: input.name,
        email: input.email.toLowerCase(),
        subject: input.subject ?? '',
        message: input.message,
        locale: context.locale,
        user_id: context.userId,
        created_at: deps.now(),
      });
      await deps.mail.send({
        to: deps.operatorEmail,
        locale: 'en',
        template: 'contactMessageOperator',
        data: { name: input.name, email: input.email, subject: input.subject ?? '', message: input.message, consoleUrl: consoleUrl('messages') },
      });
      return { id: row.id };
    },

    async listContactMessages(page: number) {
      const { rows, total } = await deps.repo.listContactMessages(page);
      return {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          subject: row.subject,
          message: row.message,
          locale: row.locale,
          user_id: row.user_id,
          handled: Boolean(row.handled_at),
          handled_at: row.handled_at,
          created_at: row.created_at,
        })),
        meta: { page, per_page: PAGE_SIZE, total },
      };
    },

    async setContactHandled(id: number, handled: boolean) {
      if (!(await deps.repo.setContactHandled(id, handled ? deps.now() : null))) throw new NotFound();
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
