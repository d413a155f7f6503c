import '../components/base.css';
import '../app/skins/skins.css';
import '../app/layout/portal.css';
import { PortalApp } from '../app/PortalApp';
import { mount } from './mount';

mount(<PortalApp />);
