import { TotpApi, type TotpStatus } from '@phonecloud/shared';
import { api } from '../../../api';

export const totpStatusQuery = () => ({
  queryKey: ['account', 'totp'] as const,
  queryFn: () => api.get<TotpStatus>(TotpApi.status),
});
