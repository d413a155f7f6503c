// The v2 drive API as the /alipan client calls it: a drive token, then JSON POSTs with a bearer.

export async function driveClient(account) {
  const token = await account.client.call('/user/ali_oauth_token.do');
  const base = account.client.baseUrl;
  return {
    driveId: token.default_drive_id,
    async call(pathname, body = {}) {
      const res = await fetch(`${base}/v2${pathname}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const env = await res.json();
      if (env.code !== 0) throw new Error(`/v2${pathname}: ${env.code} ${env.message ?? ''}`);
      return env.data;
    },
  };
}
