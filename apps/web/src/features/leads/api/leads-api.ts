// The lead endpoints of issue 10: the pilot request, the newsletter's confirm and unsubscribe
// links, and the operator's view of every lead with its CSV export.
import { AUTH_TOKEN_STORAGE_KEY } from '../../../config/constants.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const PILOT_REGULATIONS = ['GDPR', 'CCPA', 'HIPAA', 'PCI DSS', 'EU AI Act', 'SOX', 'other'] as const;
export type PilotRegulation = (typeof PILOT_REGULATIONS)[number];

export type PilotRequest = { company: string; email: string; name: string; useCase: string; regulations: PilotRegulation[] };
export type PilotCreated = { pilotRequestId: string; nextSteps: string[] };

export const requestPilot = (body: PilotRequest) => apiClient.post<PilotCreated>('/api/trial/pilot', body);
export const confirmSubscription = (token: string) => apiClient.post<{ message: string }>('/api/home/newsletter/confirm', { token });
export const unsubscribe = (token: string) => apiClient.post<{ message: string }>('/api/home/newsletter/unsubscribe', { token });

export type LeadRow = Record<string, unknown>;
export const LEAD_KINDS = ['bookings', 'pilotRequests', 'contacts', 'subscribers'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
export type DemoVariantCount = { variant: string; compiles: number; succeeded: number; failed: number };
export type OperatorLeads = Record<LeadKind, LeadRow[]> & { demoVariants: DemoVariantCount[] };

export const loadOperatorLeads = () => apiClient.get<OperatorLeads>('/api/operator/leads');

/** The CSV export: fetched with the session (bearer token and cookie), handed over as a file. */
export async function downloadLeadsCsv(kind: LeadKind): Promise<void> {
  const headers: Record<string, string> = {};
  try {
    const token = localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    if (token) headers.Authorization = `Bearer ${token}`;
  } catch {
    // Without storage there is no session; the server answers 401 below.
  }
  const response = await fetch(`/api/operator/leads.csv?kind=${kind}`, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The export failed (${response.status}).`);
  const blob = await response.blob();
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `bytebound-${kind}.csv`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
