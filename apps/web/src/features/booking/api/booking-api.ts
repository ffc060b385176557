// The booking endpoints (issue 10's HTTP contract): free slots, book, the .ics, manage and cancel.
import { apiClient } from '../../../lib/api-client.ts';
import type { Slot } from '../lib/time-zones.ts';

export type SlotsResponse = { slotMinutes: number; salesTimeZone: string; slots: Slot[] };

export type Booking = {
  id: string;
  start: string;
  end: string;
  timeZone: string;
  salesTimeZone: string;
  name: string;
  email: string;
  company: string;
  interest: string;
  status?: 'confirmed' | 'cancelled';
};

export type BookingRequest = {
  slotStart: string;
  name: string;
  email: string;
  company: string;
  interest: string;
  notes?: string;
  timeZone: string;
  source?: 'site' | 'chat' | 'pilot';
  pilotRequestId?: string;
};

export type BookingCreated = { booking: Booking; icsUrl: string; cancelUrl: string };

/** The 409 body: the slot went to someone else; the nearest free ones are offered instead. */
export type SlotTakenError = { error: string; nearest: Slot[] };

export function isSlotTaken(error: unknown): error is SlotTakenError {
  return typeof error === 'object' && error !== null && 'nearest' in error && Array.isArray((error as SlotTakenError).nearest);
}

export const loadSlots = () => apiClient.get<SlotsResponse>('/api/booking/slots');
export const bookSlot = (body: BookingRequest) => apiClient.post<BookingCreated>('/api/booking', body);
export const loadManagedBooking = (token: string) => apiClient.get<{ booking: Booking }>(`/api/booking/manage?token=${encodeURIComponent(token)}`);
export const cancelBooking = (token: string) => apiClient.post<{ booking: Booking }>('/api/booking/cancel', { token });
