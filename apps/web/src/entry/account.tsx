import '../components/base.css';
import '../app/skins/skins.css';
// antd's styles, between the base and the page's own (as the portal's are placed: antd-css.ts).
import 'virtual:antd.css';
import '../features/account/account.css';
import { applySkin, rememberedSkin, skinPrimaryColor, skinTheme } from '../app/skins/skin-dom';
import { AppProviders } from '../components/AppProviders';
import { SkinButtonClass } from '../components/skin-context';
import { AccountApp } from '../features/account/AccountApp';
import { mount } from './mount';

// The account pages make no settings call of their own; they wear the skin last seen on the portal.
const skin = rememberedSkin();
applySkin(skin.skin, skin.body_class);
const theme = skinTheme(skinPrimaryColor());

mount(
  <AppProviders theme={theme}>
    <SkinButtonClass.Provider value={skin.btn_class}>
      <AccountApp />
    </SkinButtonClass.Provider>
  </AppProviders>,
);
