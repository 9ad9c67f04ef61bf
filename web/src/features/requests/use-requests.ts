import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const SERVICE_TYPES = ['translation', 'proofreading', 'editing', 'quotation'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const REQUEST_STATUSES = ['new', 'quoted', 'accepted', 'done'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export interface ServiceRequest {
  id: number;
  reference: string;
  service: ServiceType;
  source_lang: 'en' | 'ar' | null;
  target_lang: 'en' | 'ar' | null;
  words: number | null;
  seats: number | null;
  deadline: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string;
  locale: 'en' | 'ar';
  status: RequestStatus;
  file: { name: string; type: string; size: number; url: string } | null;
  created_at: string;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: 'en' | 'ar';
  handled: boolean;
  created_at: string;
}

interface Page<T, M = object> {
  data: T[];
  meta: { page: number; per_page: number; total: number } & M;
}

export const requestKeys = {
  all: ['requests'] as const,
  list: (status: RequestStatus | null, page: number) => [...requestKeys.all, 'list', status, page] as const,
  messages: (page: number) => [...requestKeys.all, 'messages', page] as const,
};

/** POST /api/requests as multipart (the file travels with the fields). */
export function useSubmitRequest() {
  return useMutation({
    mutationFn: (form: FormData) => api.post<{ status: number; message: string; data: { id: number; reference: string } }>('/api/requests', form),
  });
}

export function useSubmitContact() {
  return useMutation({
    mutationFn: (input: { name: string; email: string; subject: string; message: string }) =>
      api.post<{ status: number; message: string }>('/api/contact', input),
  });
}

export function useAdminRequests(status: RequestStatus | null, page: number) {
  return useQuery({
    queryKey: requestKeys.list(status, page),
    queryFn: ({ signal }) =>
      api.get<Page<ServiceRequest, { counts: Record<RequestStatus, number> }>>('/api/admin/requests', { signal, query: { status, page } }),
    placeholderData: keepPreviousData,
  });
}

export function useSetRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: RequestStatus }) => api.post(`/api/admin/requests/${id}/status`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useContactMessages(page: number) {
  return useQuery({
    queryKey: requestKeys.messages(page),
    queryFn: ({ signal }) => api.get<Page<ContactMessage>>('/api/admin/contact-messages', { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => api.post(`/api/admin/contact-messages/${id}/handled`, { handled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
