import {
  DeviceApi,
  type DeviceCommand,
  type DeviceCommandResult,
  type DeviceLocationReport,
  type DeviceSigninDone,
  type DeviceSigninFinish,
  type DeviceSigninStarted,
  type DeviceState,
  type Envelope,
  PhotoDeviceApi,
  type PhotoUploadComplete,
  type PhotoUploadStart,
  type PhotoUploadState,
  SyncApi,
  type SyncArea,
  type SyncPullPage,
  type SyncPullRequest,
  type SyncPushRequest,
  type SyncPushResult,
} from '@phonecloud/shared';

/** A business failure answered by the server: `code` is the envelope's, `data` what came with it. */
export class DeviceApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The device API over fetch: JSON in, the envelope out, the token as a bearer. */
export class DeviceApiClient {
  token: string | null = null;
  constructor(readonly server: string) {}

  private async call<T>(path: string, body: object, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(new URL(path, this.server), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.code !== 0)
      throw new DeviceApiError(env.code, env.message ?? `error ${env.code}`, env.data ?? null);
    return env.data as T;
  }

  signinStart(account: string, password: string) {
    return this.call<DeviceSigninStarted>(DeviceApi.signinStart, { account, password });
  }
  signinFinish(input: DeviceSigninFinish) {
    return this.call<DeviceSigninDone>(DeviceApi.signinFinish, input);
  }
  heartbeat() {
    return this.call<DeviceState>(DeviceApi.heartbeat, {});
  }
  location(report: DeviceLocationReport) {
    return this.call<object>(DeviceApi.location, report);
  }
  async poll(waitMs: number, signal?: AbortSignal): Promise<DeviceCommand[]> {
    return (
      await this.call<{ commands: DeviceCommand[] }>(DeviceApi.commandsPoll, { wait_ms: waitMs }, signal)
    ).commands;
  }
  ack(commandId: string) {
    return this.call<object>(DeviceApi.commandAck, { command_id: commandId });
  }
  result(r: DeviceCommandResult) {
    return this.call<object>(DeviceApi.commandResult, r);
  }
  /** One page of a sync pull (docs/sync.md). */
  pull<A extends SyncArea>(req: SyncPullRequest & { area: A }) {
    return this.call<SyncPullPage<A>>(SyncApi.pull, req);
  }
  /** One sync batch; 1020 (held) and 1021 (refused) come as a DeviceApiError with `SyncHeldInfo`. */
  push<A extends SyncArea>(req: SyncPushRequest<A>) {
    return this.call<SyncPushResult>(SyncApi.push, req);
  }
  /** Which of these contents (SHA-256) the cloud keeps. */
  async photosCheck(sha256: string[]): Promise<string[]> {
    return (await this.call<{ present: string[] }>(PhotoDeviceApi.check, { sha256 })).present;
  }
  /** The user's photos whose stored original the cloud found damaged: to be sent again. */
  async photosDamaged(): Promise<string[]> {
    return (await this.call<{ sha256: string[] }>(PhotoDeviceApi.damaged, {})).sha256;
  }
  photoStart(s: PhotoUploadStart) {
    return this.call<PhotoUploadState>(PhotoDeviceApi.start, s);
  }
  /** One part's bytes (PUT, raw). */
  async photoPart(uploadId: string, part: number, bytes: Uint8Array, signal?: AbortSignal): Promise<void> {
    const url = new URL(PhotoDeviceApi.part, this.server);
    url.search = new URLSearchParams({ upload_id: uploadId, part: String(part) }).toString();
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(url, { method: 'PUT', headers, body: bytes, signal });
    const env = (await res.json()) as Envelope<unknown>;
    if (env.code !== 0)
      throw new DeviceApiError(env.code, env.message ?? `error ${env.code}`, env.data ?? null);
  }
  /** A file of one part in one request (start, part and completion at once). */
  async photoWhole(s: PhotoUploadStart, bytes: Uint8Array): Promise<{ photo_id: number; created: boolean }> {
    const url = new URL(PhotoDeviceApi.whole, this.server);
    const query: Record<string, string> = {
      sha256: s.sha256,
      size: String(s.size),
      name: s.name,
      mtime: String(s.mtime),
    };
    if (s.tz_offset !== undefined) query.tz_offset = String(s.tz_offset);
    url.search = new URLSearchParams(query).toString();
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await fetch(url, { method: 'PUT', headers, body: bytes });
    const env = (await res.json()) as Envelope<{ photo_id: number; created: boolean }>;
    if (env.code !== 0)
      throw new DeviceApiError(env.code, env.message ?? `error ${env.code}`, env.data ?? null);
    return env.data as { photo_id: number; created: boolean };
  }
  photoComplete(c: PhotoUploadComplete) {
    return this.call<{ photo_id: number }>(PhotoDeviceApi.complete, c);
  }
  /** The phone deleted these files; the cloud follows only when its owner turned that on. */
  photosDeleted(sha256: string[]) {
    return this.call<{ deleted: number }>(PhotoDeviceApi.deleted, { sha256 });
  }
  signout() {
    return this.call<object>(DeviceApi.signout, {});
  }
}
