// The homepage's contact and newsletter endpoints (issue 10).
import { apiClient } from '../../../lib/api-client.ts';

export type ContactRequest = { name: string; email: string; company: string; interest: string; message?: string };

export const sendContact = (body: ContactRequest) => apiClient.post<{ id: string; message: string }>('/api/home/contact', body);
export const subscribeNewsletter = (email: string) => apiClient.post<{ message: string }>('/api/home/newsletter', { email });
