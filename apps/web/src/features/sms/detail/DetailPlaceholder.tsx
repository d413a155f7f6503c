import { MessageOutlined } from '@ant-design/icons';
import { SmsMsg } from '@phonecloud/shared';

/** The right-hand pane before a conversation is picked (spec 001 §2: the default prompt). */
export function DetailPlaceholder() {
  return (
    <div className="sms-placeholder">
      <MessageOutlined className="sms-placeholder__icon" />
      <p>{SmsMsg.PICK_CONVERSATION}</p>
    </div>
  );
}
