import { type AccountProfile, Api } from '@phonecloud/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['account', 'profile'],
    queryFn: () => api.get<AccountProfile>(Api.accountProfile),
  });
