import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { PrimaryButton } from '../../components/PrimaryButton';

interface Props {
  name: string;
  onStart(): void;
  onClose(): void;
}

/** The pop-up that comes first: why a check is needed, and the button that starts it. */
export function IntroModal({ name, onStart, onClose }: Props) {
  return (
    <Modal
      open
      centered
      footer={null}
      width={420}
      maskClosable={false}
      onCancel={onClose}
      className="verify-intro"
    >
      <div className="verify-intro__body">
        <SafetyCertificateOutlined className="verify-intro__icon" />
        <h2 className="verify-intro__title">{name}需要安全验证</h2>
        <p className="verify-intro__text">
          为保护您的隐私，查看{name}
          前需要验证是您本人：通过图片验证码后，输入发送到您绑定手机或邮箱的验证码即可；已绑定身份验证器的，直接输入其中的动态码。
        </p>
        <PrimaryButton size="large" block onClick={onStart}>
          立即验证
        </PrimaryButton>
      </div>
    </Modal>
  );
}
