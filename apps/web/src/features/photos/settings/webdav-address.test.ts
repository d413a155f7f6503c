import { describe, expect, it } from 'vitest';
import { webdavAddress } from './webdav-address';

describe('webdavAddress', () => {
  it('names the folder under the drive root, encoded, with a trailing slash', () => {
    expect(webdavAddress('https://cloud.example.cn', '/相册备份')).toBe(
      'https://cloud.example.cn/dav/drive/%E7%9B%B8%E5%86%8C%E5%A4%87%E4%BB%BD/',
    );
    expect(webdavAddress('http://h:8080', '/手机/Camera Roll/')).toBe(
      'http://h:8080/dav/drive/%E6%89%8B%E6%9C%BA/Camera%20Roll/',
    );
    expect(webdavAddress('http://h', '')).toBe('http://h/dav/drive/');
  });
});
