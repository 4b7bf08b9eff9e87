// Every call's wire form, by area and name: what the client sends, without the schemas.
// Derived from the declarations (calls/*.ts); wire.test.ts checks it and writes it anew with
// DEALDESK_WRITE_WIRE_TABLE=1 (then run prettier on this file).
import type { WireTable } from './client.js';
import type { endpoints } from './index.js';

export const wireTable: WireTable<typeof endpoints> = {
  admin: {
    login: {
      method: 'POST',
      path: '/api/admin/login',
      access: 'public',
      body: 'envelope',
    },
    loginOtp: {
      method: 'POST',
      path: '/api/admin/login/otp',
      access: 'login-code',
      body: 'envelope',
    },
    authorization: {
      method: 'GET',
      path: '/api/admin/Authorization',
      access: 'admin',
    },
    adminData: {
      method: 'GET',
      path: '/api/admin/AdminData',
      access: 'admin',
    },
    updateProfile: {
      method: 'PUT',
      path: '/api/admin/Profile/Update',
      access: 'admin',
      body: 'envelope',
    },
    forgetPassword: {
      method: 'POST',
      path: '/api/admin/ForgetPw',
      access: 'public',
      body: 'envelope',
    },
    forgetPasswordOtp: {
      method: 'POST',
      path: '/api/admin/ForgetPwOtp',
      access: 'reset-code',
      body: 'envelope',
    },
    newPassword: {
      method: 'POST',
      path: '/api/admin/NewPassword',
      access: 'reset-password',
      body: 'envelope',
    },
    logout: {
      method: 'POST',
      path: '/api/admin/Logout',
      access: 'admin',
    },
    listTokens: {
      method: 'GET',
      path: '/api/admin/tokens',
      access: 'session',
    },
    createToken: {
      method: 'POST',
      path: '/api/admin/tokens',
      access: 'session',
      body: 'envelope',
    },
    revokeToken: {
      method: 'DELETE',
      path: '/api/admin/tokens/:id',
      access: 'session',
    },
    listAdministrators: {
      method: 'GET',
      path: '/api/admin/administrators',
      access: 'admin',
    },
    inviteAdministrator: {
      method: 'POST',
      path: '/api/admin/administrators/invitations',
      access: 'session',
      body: 'envelope',
    },
    cancelInvitation: {
      method: 'DELETE',
      path: '/api/admin/administrators/invitations/:id',
      access: 'session',
    },
    acceptInvitation: {
      method: 'POST',
      path: '/api/admin/invitation/accept',
      access: 'public',
      body: 'envelope',
    },
    disableAdministrator: {
      method: 'POST',
      path: '/api/admin/administrators/:id/disable',
      access: 'session',
    },
    enableAdministrator: {
      method: 'POST',
      path: '/api/admin/administrators/:id/enable',
      access: 'session',
    },
    changeAdministratorRole: {
      method: 'PUT',
      path: '/api/admin/administrators/:id/role',
      access: 'session',
      body: 'envelope',
    },
    listSessions: {
      method: 'GET',
      path: '/api/admin/sessions',
      access: 'session',
    },
    revokeSession: {
      method: 'DELETE',
      path: '/api/admin/sessions/:id',
      access: 'session',
    },
    revokeOtherSessions: {
      method: 'POST',
      path: '/api/admin/sessions/end-others',
      access: 'session',
    },
    authenticatorStatus: {
      method: 'GET',
      path: '/api/admin/authenticator',
      access: 'session',
    },
    authenticatorSetup: {
      method: 'POST',
      path: '/api/admin/authenticator/setup',
      access: 'session',
      body: 'envelope',
    },
    authenticatorConfirm: {
      method: 'POST',
      path: '/api/admin/authenticator/confirm',
      access: 'session',
      body: 'envelope',
    },
    authenticatorOff: {
      method: 'POST',
      path: '/api/admin/authenticator/off',
      access: 'session',
      body: 'envelope',
    },
    authenticatorRecoveryCodes: {
      method: 'POST',
      path: '/api/admin/authenticator/recovery-codes',
      access: 'session',
      body: 'envelope',
    },
  },
  dashboard: {
    viewsDashboard: {
      method: 'GET',
      path: '/api/admin/view/dashbord/:id',
      access: 'admin',
    },
  },
  system: {
    serverLoad: {
      method: 'GET',
      path: '/api/App/server/load/check',
      access: 'admin',
    },
  },
  shortcuts: {
    list: {
      method: 'GET',
      path: '/api/sortcut',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/sortcut',
      access: 'admin',
      body: 'multipart',
      files: ['image'],
    },
    edit: {
      method: 'PUT',
      path: '/api/sortcut',
      access: 'admin',
      body: 'multipart',
      files: ['image'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/sortcut',
      access: 'admin',
      body: 'envelope',
    },
    setStatus: {
      method: 'PUT',
      path: '/api/sortcut/status',
      access: 'admin',
      body: 'envelope',
    },
  },
  stories: {
    list: {
      method: 'GET',
      path: '/api/App/all/only/story/video',
      access: 'admin',
    },
    find: {
      method: 'GET',
      path: '/api/App/story/video/find',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/Add/Story/Video',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video', 'thembnal'],
    },
    edit: {
      method: 'PUT',
      path: '/api/App/Edit/story/video',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video', 'thembnal'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/delete/story/video',
      access: 'admin',
      body: 'envelope',
    },
    setStatus: {
      method: 'PUT',
      path: '/api/App/story/video/status',
      access: 'admin',
      body: 'json',
    },
  },
  storyAds: {
    list: {
      method: 'GET',
      path: '/api/App/all/only/story/ads',
      access: 'admin',
    },
    find: {
      method: 'GET',
      path: '/api/App/story/ads/find',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/Add/Story/Ads',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video', 'thembnal'],
    },
    edit: {
      method: 'PUT',
      path: '/api/App/Edit/story/video',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video', 'thembnal'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/delete/story/ads',
      access: 'admin',
      body: 'envelope',
    },
    setStatus: {
      method: 'PUT',
      path: '/api/App/story/ads/status',
      access: 'admin',
      body: 'json',
    },
  },
  banners: {
    list: {
      method: 'GET',
      path: '/api/App/all/banner/b1',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/add/banner/b1',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video'],
    },
    find: {
      method: 'GET',
      path: '/api/App/find/banner/b1',
      access: 'admin',
    },
    edit: {
      method: 'PUT',
      path: '/api/App/edit/banner/b1',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'video'],
    },
    setStatus: {
      method: 'PUT',
      path: '/api/App/status/edit/banner/b1',
      access: 'admin',
      body: 'envelope',
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/delete/banner/b1',
      access: 'admin',
      body: 'envelope',
    },
  },
  controller: {
    get: {
      method: 'GET',
      path: '/api/App/controller/admin',
      access: 'admin',
    },
    setSwitch: {
      method: 'PUT',
      path: '/api/App/controller/admin/status/change',
      access: 'admin',
      body: 'envelope',
    },
    setPosition: {
      method: 'PUT',
      path: '/api/App/controller/admin/position/change',
      access: 'admin',
      body: 'envelope',
    },
    setPlacement: {
      method: 'PUT',
      path: '/api/App/controller/admin/afterIntro/change',
      access: 'admin',
      body: 'envelope',
    },
    setAfterSplash: {
      method: 'PUT',
      path: '/api/App/controller/admin/afterSplace/change',
      access: 'admin',
      body: 'envelope',
    },
    setIntentControl: {
      method: 'PUT',
      path: '/api/App/controller/admin/intent/change',
      access: 'admin',
      body: 'envelope',
    },
    setFacebook: {
      method: 'PUT',
      path: '/api/App/controller/admin/facebook/change',
      access: 'admin',
      body: 'envelope',
    },
    setInstallNew: {
      method: 'PUT',
      path: '/api/App/controller/install/new',
      access: 'admin',
      body: 'envelope',
    },
    versions: {
      method: 'GET',
      path: '/api/App/controller/admin/versions',
      access: 'admin',
    },
    version: {
      method: 'GET',
      path: '/api/App/controller/admin/versions/:version',
      access: 'admin',
    },
    rollback: {
      method: 'PUT',
      path: '/api/App/controller/admin/versions/:version/rollback',
      access: 'admin',
    },
  },
  tracking: {
    track: {
      method: 'POST',
      path: '/api/App/track',
      access: 'public',
      body: 'envelope',
    },
  },
  products: {
    scrape: {
      method: 'POST',
      path: '/api/App/product/scraping',
      access: 'admin',
      body: 'envelope',
    },
    create: {
      method: 'POST',
      path: '/api/App/product',
      access: 'admin',
      body: 'multipart',
      files: ['images'],
    },
    update: {
      method: 'PUT',
      path: '/api/App/product',
      access: 'admin',
      body: 'envelope',
    },
    bulk: {
      method: 'POST',
      path: '/api/App/product/bulk',
      access: 'admin',
      body: 'envelope',
    },
    get: {
      method: 'GET',
      path: '/api/App/product',
      access: 'admin',
    },
    list: {
      method: 'GET',
      path: '/api/App/product',
      access: 'admin',
    },
    export: {
      method: 'GET',
      path: '/api/App/product/export',
      access: 'admin',
      streamed: 'Products exported',
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/product',
      access: 'admin',
      body: 'envelope',
    },
    updateEvents: {
      method: 'PUT',
      path: '/api/App/product/update/events',
      access: 'admin',
      body: 'envelope',
    },
  },
  categories: {
    list: {
      method: 'GET',
      path: '/api/App/product/category',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/product/category',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'bg_image'],
    },
    edit: {
      method: 'PUT',
      path: '/api/App/product/category',
      access: 'admin',
      body: 'multipart',
      files: ['image', 'bg_image'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/product/category/:id',
      access: 'admin',
    },
  },
  subcategories: {
    list: {
      method: 'GET',
      path: '/api/App/product/subcategory',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/product/subcategory',
      access: 'admin',
      body: 'multipart',
      files: ['image'],
    },
    edit: {
      method: 'PUT',
      path: '/api/App/product/subcategory',
      access: 'admin',
      body: 'multipart',
      files: ['image'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/product/subcategory/:id',
      access: 'admin',
    },
    byCategory: {
      method: 'GET',
      path: '/api/App/product/subcategory/by-category/:id',
      access: 'admin',
    },
  },
  policy: {
    getPolicy: {
      method: 'GET',
      path: '/api/App/policy/admin/get',
      access: 'admin',
    },
    updatePolicy: {
      method: 'PUT',
      path: '/api/App/policy/admin/update',
      access: 'admin',
      body: 'envelope',
    },
    getTerms: {
      method: 'GET',
      path: '/api/App/terms/admin/get',
      access: 'admin',
    },
    updateTerms: {
      method: 'PUT',
      path: '/api/App/terms/admin/update',
      access: 'admin',
      body: 'envelope',
    },
  },
  adUnits: {
    list: {
      method: 'GET',
      path: '/api/App/ads/:type/admin/get',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/ads/:type/add',
      access: 'admin',
      body: 'envelope',
    },
    update: {
      method: 'PUT',
      path: '/api/App/ads/:type/update/:id',
      access: 'admin',
      body: 'envelope',
    },
  },
  webAds: {
    list: {
      method: 'GET',
      path: '/api/App/ads/webads/admin/get',
      access: 'admin',
    },
    add: {
      method: 'POST',
      path: '/api/App/ads/webads/add',
      access: 'admin',
      body: 'envelope',
    },
    update: {
      method: 'PUT',
      path: '/api/App/ads/webads/update/:id',
      access: 'admin',
      body: 'envelope',
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/ads/webads/delete/:id',
      access: 'admin',
    },
    clearCounts: {
      method: 'DELETE',
      path: '/api/App/ads/webads/count/remove/:id',
      access: 'admin',
    },
    clearAllCounts: {
      method: 'DELETE',
      path: '/api/App/ads/webads/count/all/remove',
      access: 'admin',
      body: 'envelope',
      queryKeys: ['startDate', 'endDate'],
    },
  },
  analytics: {
    get: {
      method: 'GET',
      path: '/api/App/analytics/admin/get',
      access: 'admin',
    },
    export: {
      method: 'GET',
      path: '/api/App/analytics/admin/export',
      access: 'admin',
      streamed: 'Analytics exported',
    },
    clearCounts: {
      method: 'DELETE',
      path: '/api/App/analytics/count/remove/:id',
      access: 'admin',
    },
    clearAllCounts: {
      method: 'DELETE',
      path: '/api/App/analytics/count/all/remove',
      access: 'admin',
      body: 'envelope',
      queryKeys: ['startDate', 'endDate'],
    },
  },
  inHouseAds: {
    export: {
      method: 'GET',
      path: '/api/App/inhouse/ads/export',
      access: 'admin',
      streamed: 'In-house ads exported',
    },
    list: {
      method: 'GET',
      path: '/api/App/inhouse/ads',
      access: 'admin',
    },
    create: {
      method: 'POST',
      path: '/api/App/inhouse/ads',
      access: 'admin',
      body: 'multipart',
      files: ['icon', 'image', 'video'],
    },
    edit: {
      method: 'PUT',
      path: '/api/App/inhouse/ads',
      access: 'admin',
      body: 'multipart',
      files: ['icon', 'image', 'video'],
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/inhouse/ads',
      access: 'admin',
      body: 'envelope',
    },
    setStatus: {
      method: 'POST',
      path: '/api/App/inhouse/ads/update/status',
      access: 'admin',
      body: 'envelope',
    },
    get: {
      method: 'GET',
      path: '/api/App/inhouse/ads/data/:id',
      access: 'admin',
    },
  },
  notifications: {
    history: {
      method: 'GET',
      path: '/api/App/notification/history',
      access: 'admin',
    },
    export: {
      method: 'GET',
      path: '/api/App/notification/history/export',
      access: 'admin',
      streamed: 'Notifications exported',
    },
    send: {
      method: 'POST',
      path: '/api/App/notification/send',
      access: 'admin',
      body: 'multipart',
      files: ['image'],
    },
    resend: {
      method: 'POST',
      path: '/api/App/notification/resend',
      access: 'admin',
      body: 'envelope',
    },
    cancel: {
      method: 'POST',
      path: '/api/App/notification/cancel',
      access: 'admin',
      body: 'envelope',
    },
    reschedule: {
      method: 'PUT',
      path: '/api/App/notification/reschedule',
      access: 'admin',
      body: 'envelope',
    },
    remove: {
      method: 'DELETE',
      path: '/api/App/notification/delete',
      access: 'admin',
      body: 'envelope',
    },
  },
  audit: {
    list: {
      method: 'GET',
      path: '/api/App/audit/admin/entries',
      access: 'admin',
    },
    detail: {
      method: 'GET',
      path: '/api/App/audit/admin/entries/:id',
      access: 'admin',
    },
    export: {
      method: 'GET',
      path: '/api/App/audit/admin/export',
      access: 'admin',
      streamed: 'Audit log exported',
    },
  },
  app: {
    home: {
      method: 'GET',
      path: '/api/v1/app/home',
      access: 'public',
    },
    categories: {
      method: 'GET',
      path: '/api/v1/app/categories',
      access: 'public',
    },
    products: {
      method: 'GET',
      path: '/api/v1/app/products',
      access: 'public',
    },
    product: {
      method: 'GET',
      path: '/api/v1/app/products/:id',
      access: 'public',
    },
    privacy: {
      method: 'GET',
      path: '/api/v1/app/policy/privacy',
      access: 'public',
    },
    terms: {
      method: 'GET',
      path: '/api/v1/app/policy/terms',
      access: 'public',
    },
  },
};
