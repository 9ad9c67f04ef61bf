import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';
import type { StatusMessage } from '../../../../contract/common';
import type { ContactMessagePage, RequestReceived, RequestStatus, ServiceRequestPage, ServiceType } from '../../../../contract/requests';

// The response shapes come from the shared contract (contract/requests.ts).
export type { ContactMessage, RequestStatus, ServiceRequest, ServiceType } from '../../../../contract/requests';

export const SERVICE_TYPES: readonly ServiceType[] = ['translation', 'proofreading', 'editing', 'quotation'];
export const REQUEST_STATUSES: readonly RequestStatus[] = ['new', 'quoted', 'accepted', 'done'];

export const requestKeys = {
  all: ['requests'] as const,
  list: (status: RequestStatus | null, page: number) => [...requestKeys.all, 'list', status, page] as const,
  messages: (page: number) => [...requestKeys.all, 'messages', page] as const,
};

/** A refusal the form answers field by field (422), not with the error dialog. */
export function isValidationError(error: unknown): boolean {
  return isApiError(error) && error.status === 422;
}

/** The 422 messages of a refused request or contact message, by field (none while it is sent again or after any other answer). */
export function submitErrors(error: unknown): Record<string, string[]> {
  return isApiError(error) && error.status === 422 ? error.errors : {};
}

/** POST /api/requests as multipart (the file travels with the fields). */
export function useSubmitRequest() {
  return useMutation({
    mutationFn: (form: FormData) => api.post<RequestReceived>('/api/requests', form),
  });
}

export function useSubmitContact() {
  return useMutation({
    mutationFn: (input: { name: string; email: string; subject: string; message: string }) =>
      api.post<StatusMessage>('/api/contact', input),
  });
}

export function useAdminRequests(status: RequestStatus | null, page: number) {
  return useQuery({
    queryKey: requestKeys.list(status, page),
    queryFn: ({ signal }) =>
      api.get<ServiceRequestPage>('/api/admin/requests', { signal, query: { status, page } }),
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
    queryFn: ({ signal }) => api.get<ContactMessagePage>('/api/admin/contact-messages', { signal, query: { page } }),
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
