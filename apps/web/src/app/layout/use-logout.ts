import { AccountPage, Api } from '@phonecloud/shared';
import { useMutation } from '@tanstack/react-query';
import { api, forgetAllVerified } from '../../api';

/** Ends the session on the server, forgets local hints, and goes to the central login page. */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.get<unknown>(Api.accountLogout),
    onSuccess: () => {
      forgetAllVerified();
      window.location.assign(AccountPage.login);
    },
  });
}
