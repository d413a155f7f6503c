import {
  AccountPage,
  PHOTO_WATCH_PATH_MAX,
  PhotoMsg,
  type PhotoSettings as Settings,
  watchFolderNames,
} from '@phonecloud/shared';
import type { PhotoSettingsSave } from '@phonecloud/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { toast } from '../../../components/toast';
import { photoCalls } from '../photo-calls';
import { webdavAddress } from './webdav-address';
import './photo-settings.css';

const SETTINGS_KEY = ['photos', 'settings'] as const;
const SUGGESTED_FOLDER = '/相册备份';

/** What the field holds is refused before it is sent ('' turns the watch off). */
function folderError(value: string): string {
  if (value.trim() === '') return '';
  if (/^[\s/]+$/.test(value)) return PhotoMsg.WATCH_FOLDER_ROOT;
  return watchFolderNames(value) === null ? PhotoMsg.WATCH_FOLDER_BAD : '';
}

/**
 * The photos' settings (docs/photos.md): whether a deletion on the phone follows into the cloud,
 * and the drive folder a stock phone app backs up into over WebDAV (its pictures and videos
 * become photos), with the address and credentials to give that app.
 */
export default function PhotoSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: photoCalls.settings });
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState('');
  const save = useMutation({
    mutationFn: (body: PhotoSettingsSave) => photoCalls.saveSettings(body),
    onSuccess: (data) => {
      queryClient.setQueryData(SETTINGS_KEY, data);
      setDraft(null);
      toast.success('已保存');
    },
    meta: { silent: true },
  });

  const s = settings.data;
  if (!s) {
    return (
      <section className="photo-settings">
        <h2 className="photo-page__title">相册设置</h2>
        {settings.isError ? (
          <Alert type="error" showIcon title={settings.error.message} />
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )}
      </section>
    );
  }

  const folder = draft ?? s.watch_folder ?? '';
  const submit = () => {
    const error = folderError(folder);
    setFieldError(error);
    if (!error)
      save.mutate({ delete_follows_phone: s.delete_follows_phone, watch_folder: folder.trim() || null });
  };
  return (
    <section className="photo-settings">
      <h2 className="photo-page__title">相册设置</h2>
      <section className="photo-settings__section">
        <h3 className="photo-settings__title">手机上删除照片时</h3>
        <div className="photo-settings__switch">
          <Switch
            id="photo-delete-follows"
            checked={s.delete_follows_phone}
            loading={save.isPending}
            onChange={(on) => save.mutate({ delete_follows_phone: on })}
          />
          <label htmlFor="photo-delete-follows">云端也删除（移入回收站，30 天内可恢复）</label>
        </div>
        <p className="photo-settings__hint">关闭时，手机上删除的照片在云端仍然保留。</p>
      </section>
      <section className="photo-settings__section">
        <h3 className="photo-settings__title">WebDAV 备份文件夹</h3>
        <p className="photo-settings__hint">
          手机自带或常用的备份 App（如 PhotoSync、FolderSync、iPhone 的“文件”）可以通过 WebDAV
          把相机胶卷上传到云盘的一个文件夹：这个文件夹及其子文件夹中的图片和视频会自动加入相册。同一张照片只保存一份、只计算一次空间；从云盘删除文件不会删除相册中的照片。
        </p>
        <form
          className="photo-settings__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Input
            value={folder}
            maxLength={PHOTO_WATCH_PATH_MAX}
            placeholder={SUGGESTED_FOLDER}
            aria-label="备份文件夹"
            status={fieldError ? 'error' : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              if (fieldError) setFieldError('');
            }}
          />
          <PrimaryButton htmlType="submit" loading={save.isPending}>
            保存
          </PrimaryButton>
          {s.watch_folder ? (
            <Button
              onClick={() =>
                save.mutate({ delete_follows_phone: s.delete_follows_phone, watch_folder: null })
              }
            >
              关闭
            </Button>
          ) : null}
        </form>
        {fieldError || save.error ? (
          <div className="photo-settings__error" role="alert">
            {fieldError || save.error?.message}
          </div>
        ) : null}
        {s.watch_folder ? <Connection settings={s} /> : <p className="photo-settings__hint">未开启。</p>}
      </section>
    </section>
  );
}

/** What to type into the phone app: the folder's address, the account and an app password. */
function Connection({ settings }: { settings: Settings }) {
  // The page's own origin serves WebDAV too (none when drawn outside a browser).
  const address = webdavAddress(globalThis.location?.origin ?? '', settings.watch_folder ?? '');
  const copy = () =>
    void navigator.clipboard
      ?.writeText(address)
      .then(() => toast.success('已复制'))
      .catch(() => toast.error('复制失败，请手动抄写'));
  return (
    <dl className="photo-settings__connection">
      <dt>服务器地址</dt>
      <dd>
        <code data-testid="photo-watch-address">{address}</code>
        <Button size="small" onClick={copy}>
          复制
        </Button>
      </dd>
      <dt>用户名</dt>
      <dd>账号名、绑定的手机号或邮箱</dd>
      <dt>密码</dt>
      <dd>
        应用密码（不是登录密码），在 <a href={AccountPage.centre}>账号中心 → 应用密码</a> 为这个 App 创建一个
      </dd>
    </dl>
  );
}
