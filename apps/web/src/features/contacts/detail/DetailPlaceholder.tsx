import { IdcardOutlined } from '@ant-design/icons';
import { T } from '../texts';

/** The third empty state: nothing picked yet. */
export function DetailPlaceholder() {
  return (
    <div className="contact-placeholder">
      <IdcardOutlined className="contact-placeholder__icon" />
      <p>{T.pickContact}</p>
    </div>
  );
}
