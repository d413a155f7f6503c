import { DownOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PrimaryButton } from '../../../components/PrimaryButton';
import { useAreaState } from '../state/area-state';
import { ContactRoute } from '../state/routes';
import { T } from '../texts';

/** New contact, and the import/export menu (both items open the import/export pop-up). */
export function BottomBar() {
  const navigate = useNavigate();
  const { openDialog } = useAreaState();
  return (
    <div className="contacts-bottom">
      <PrimaryButton icon={<PlusOutlined />} onClick={() => navigate(ContactRoute.create)}>
        {T.newContact}
      </PrimaryButton>
      <Dropdown
        menu={{
          items: [
            { key: 'import', label: T.importVcard },
            { key: 'export', label: T.exportVcard },
          ],
          onClick: () => openDialog({ kind: 'importExport' }),
        }}
        trigger={['click']}
      >
        <Button icon={<SwapOutlined />}>
          {T.importExport} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
