import { LockOutlined } from '@ant-design/icons';

/** What shows behind the gate's dialogs: the locked area, never any of its data. */
export function GateBackdrop({ name }: { name: string }) {
  return (
    <div className="gate-backdrop">
      <LockOutlined className="gate-backdrop__icon" />
      <h1 className="gate-backdrop__title">{name}</h1>
      <p className="gate-backdrop__hint">该服务包含您的隐私数据，完成身份验证后即可查看。</p>
    </div>
  );
}
