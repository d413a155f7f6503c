import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import CloudServerOutlined from '@ant-design/icons/es/icons/CloudServerOutlined';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import { ServiceId } from '@phonecloud/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { openDrive } from '../../api';
import { platformQueries } from '../../api/platform-queries';
import { LoadingLines } from '../../components/LoadingLines';
import { type ServiceKey, type ServiceLink, serviceLinks } from '../../components/service-links';

const ICONS: Readonly<Record<ServiceKey, ReactNode>> = {
  [ServiceId.CONTACTS]: <TeamOutlined />,
  [ServiceId.CALENDAR]: <CalendarOutlined />,
  [ServiceId.SMS]: <MessageOutlined />,
  [ServiceId.NOTES]: <FileTextOutlined />,
  [ServiceId.DRIVE]: <CloudServerOutlined />,
  [ServiceId.PHOTOS]: <PictureOutlined />,
  find: <EnvironmentOutlined />,
};

const BLURBS: Readonly<Record<ServiceKey, string>> = {
  [ServiceId.CONTACTS]: '管理同步的联系人',
  [ServiceId.CALENDAR]: '查看和编辑日程',
  [ServiceId.SMS]: '查看同步的短信',
  [ServiceId.NOTES]: '查看和编辑便签',
  [ServiceId.DRIVE]: '上传和整理文件',
  [ServiceId.PHOTOS]: '浏览手机备份的照片和视频',
  find: '定位、响铃、锁定和擦除手机',
};

/** One tile per service in data.member, and nothing invented when the list is empty. */
export function ServiceTiles() {
  const { data, isPending } = useQuery(platformQueries.member());
  const { data: info } = useQuery(platformQueries.info());
  const links = serviceLinks(data?.member ?? [], Boolean(info?.find));
  return (
    <section className="home-card" aria-labelledby="services-title">
      <h2 id="services-title" className="home-card__title">
        我的服务
      </h2>
      {isPending ? (
        <LoadingLines />
      ) : links.length > 0 ? (
        <ul className="service-tiles">
          {links.map((link) => (
            <li key={link.id}>
              <Tile link={link} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="services-empty">
          <p className="services-empty__title">当前部署尚未为您的账号开通任何服务</p>
          <p className="services-empty__hint">
            通讯录、短信、便签和云盘开通后会显示在这里，如需开通请联系本站管理员。
          </p>
        </div>
      )}
    </section>
  );
}

function Tile({ link }: { link: ServiceLink }) {
  const navigate = useNavigate();
  const body = (
    <>
      <span className="service-tile__icon">{ICONS[link.id]}</span>
      <span className="service-tile__text">
        <span className="service-tile__name">{link.name}</span>
        <span className="service-tile__blurb">{BLURBS[link.id]}</span>
      </span>
      <RightOutlined className="service-tile__arrow" />
    </>
  );
  if (link.route) {
    return (
      <Link to={link.route} className="service-tile" data-service={link.id}>
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="service-tile"
      data-service={link.id}
      onClick={() => void openDrive(navigate, 'alipan')}
    >
      {body}
    </button>
  );
}
