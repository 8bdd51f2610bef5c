import type { ReferralsResponse } from '@app/contract';
import { api } from '../../lib/api';

export const TEAM_PAGE_LIMIT = 20;
export const referralKeys = { team: (page: number) => ['referrals', 'team', page] as const };

export async function fetchTeam(page: number): Promise<ReferralsResponse> {
  return (await api.get<ReferralsResponse>('/user/referrals', { params: { page, limit: TEAM_PAGE_LIMIT } })).data;
}
