import { PictureOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { AVATAR_ZOOM_MAX } from '@phonecloud/shared';
import { Button, Modal, Slider } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { shouldReport } from '../../../api';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { contactCalls } from '../api/contact-calls';
import { T } from '../texts';
import { cropToDataUrl, type LoadedImage, loadImage } from './crop-image';

interface Props {
  open: boolean;
  onClose(): void;
  /** The uploaded avatar's cloud_path. */
  onSaved(cloudPath: string): void;
}

/** Choose an image, crop a square of it with zoom up to 3, and upload it as head_photo. */
export function AvatarDialog({ open, onClose, onSaved }: Props) {
  return (
    <Modal
      open={open}
      title={T.avatarTitle}
      onCancel={onClose}
      footer={null}
      width={520}
      destroyOnHidden
      className="avatar-dialog"
    >
      <AvatarCropper onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function AvatarCropper({ onClose, onSaved }: Omit<Props, 'open'>) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ name: string; loaded: LoadedImage & { ok: true } } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.loaded.url) : undefined), [picked]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const loaded = await loadImage(file);
    if (!loaded.ok) {
      setError(loaded.message);
      return;
    }
    setPicked({ name: file.name, loaded });
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const save = async () => {
    if (!picked || !area) return;
    setSaving(true);
    setError(null);
    try {
      const result = await contactCalls.uploadAvatar(picked.name, cropToDataUrl(picked.loaded.image, area));
      onSaved(result.cloud_path);
    } catch (e) {
      if (shouldReport(e)) setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="avatar-cropper">
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="visually-hidden"
        aria-label={T.chooseImage}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {picked ? (
        <>
          <div className="avatar-cropper__stage">
            <Cropper
              image={picked.loaded.url}
              crop={crop}
              zoom={zoom}
              maxZoom={AVATAR_ZOOM_MAX}
              aspect={1}
              cropShape="round"
              showGrid={false}
              objectFit="cover"
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          </div>
          <ZoomSlider zoom={zoom} onZoom={setZoom} />
        </>
      ) : (
        <ChooseImage onClick={() => input.current?.click()} />
      )}
      {error && (
        <div className="field-error avatar-cropper__error" role="alert">
          {error}
        </div>
      )}
      <div className="dialog-foot">
        {picked && (
          <Button className="dialog-foot__left" onClick={() => input.current?.click()}>
            {T.chooseOther}
          </Button>
        )}
        <Button onClick={onClose}>{T.cancel}</Button>
        <PrimaryButton disabled={!picked || !area} loading={saving} onClick={() => void save()}>
          {T.save}
        </PrimaryButton>
      </div>
    </div>
  );
}

function ZoomSlider({ zoom, onZoom }: { zoom: number; onZoom(zoom: number): void }) {
  return (
    <div className="avatar-cropper__zoom">
      <ZoomOutOutlined />
      <Slider
        min={1}
        max={AVATAR_ZOOM_MAX}
        step={0.05}
        value={zoom}
        onChange={onZoom}
        tooltip={{ formatter: (v) => `${(v ?? 1).toFixed(1)}x` }}
        aria-label={T.zoom}
      />
      <ZoomInOutlined />
    </div>
  );
}

/** Before an image is chosen: the whole stage is the button that opens the file picker. */
function ChooseImage({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="avatar-cropper__empty" onClick={onClick}>
      <PictureOutlined />
      <span>{T.chooseImage}</span>
      <small>{T.avatarHint}</small>
    </button>
  );
}
