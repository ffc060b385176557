// POST /api/auth/subscribe: starts checkout for a plan; answers the checkout page's URL.
import { apiClient } from '../../../lib/api-client.ts';

export type SubscribeResponse = { success: boolean; checkoutUrl?: string; error?: string };

export const subscribe = (tier: string, billingCycle: 'monthly' | 'annual') => apiClient.post<SubscribeResponse>('/api/auth/subscribe', { tier, billingCycle });
