import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import { SKIN_IDS, skinContent } from '@phonecloud/shared';
import { Modal } from 'antd';
import { useSkinControl } from './SkinProvider';
import { SKIN_NAMES } from './skin-names';

interface Props {
  onClose(): void;
}

/** Five swatches; a click restyles the page at once and saves the choice. */
export default function SkinPicker({ onClose }: Props) {
  const { skin, choose } = useSkinControl();
  return (
    <Modal title="换肤" open onCancel={onClose} footer={null} width={560}>
      <ul className="skin-picker" aria-label="选择皮肤">
        {SKIN_IDS.map((id) => (
          <li key={id}>
            <button
              type="button"
              className={`skin-picker__item${id === skin ? ' is-current' : ''}`}
              aria-pressed={id === skin}
              data-skin={id}
              onClick={() => choose(id)}
            >
              <span className={`skin-picker__swatch ${skinContent(id).body_class}`}>
                {id === skin ? <CheckOutlined /> : null}
              </span>
              <span className="skin-picker__name">{SKIN_NAMES[id]}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
