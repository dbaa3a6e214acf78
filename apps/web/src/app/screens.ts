/**
 * The module of each screen named in the route table, each its own lazily loaded chunk. Only the
 * router imports this file: screens may import the route table, never this map.
 */
import type { ComponentType } from 'react';
import type { ScreenName } from './routes';

export const SCREENS = {
  login: () => import('../features/auth/LoginPage'),
  register: () => import('../features/auth/RegisterPage'),
  forgotPassword: () => import('../features/auth/ForgotPasswordPage'),
  resetPassword: () => import('../features/auth/ResetPasswordPage'),
  accessControl: () => import('../features/auth/AccessControlPage'),
  accountSetting: () => import('../features/account/AccountSettingPage'),
  profile: () => import('../features/account/ProfilePage'),
  outbox: () => import('../features/outbox/OutboxPage'),
  error404: () => import('../features/misc/Error404Page'),
  notAuthorized: () => import('../features/misc/NotAuthorizedPage'),
  comingSoon: () => import('../features/misc/ComingSoonPage'),
  underMaintenance: () => import('../features/misc/UnderMaintenancePage'),
  error: () => import('../features/misc/ErrorPage'),
  memberList: () => import('../features/members/MemberListPage'),
  memberEdit: () => import('../features/members/MemberEditPage'),
  groupList: () => import('../features/members/GroupListPage'),
  staffList: () => import('../features/staff/StaffListPage'),
  staffEdit: () => import('../features/staff/StaffEditPage'),
  center: () => import('../features/centers/CenterPage'),
  centerList: () => import('../features/centers/CenterListPage'),
  roomList: () => import('../features/centers/RoomListPage'),
  membershipList: () => import('../features/catalogue/MembershipListPage'),
  packageList: () => import('../features/catalogue/PackageListPage'),
  shortCourseList: () => import('../features/catalogue/ShortCourseListPage'),
  membershipDetail: () => import('../features/catalogue/MembershipDetailPage'),
  packageDetail: () => import('../features/catalogue/PackageDetailPage'),
  systemConfig: () => import('../features/settings/SystemConfigPage'),
  auditLog: () => import('../features/audit/AuditLogPage'),
  cardLink: () => import('../features/public/CardLinkPage'),
  memberRegistration: () => import('../features/public/RegistrationPage'),
  memberImport: () => import('../features/imports/MemberImportPage'),
  expenditureList: () => import('../features/expenditures/ExpenditureListPage'),
  productList: () => import('../features/retail/ProductListPage'),
  productSetList: () => import('../features/retail/ProductSetListPage'),
  couponList: () => import('../features/retail/CouponListPage'),
  offerList: () => import('../features/retail/OfferListPage'),
  sellMembership: () => import('../features/sales/SellMembershipPage'),
  staffCommission: () => import('../features/sales/StaffCommissionPage'),
  newSale: () => import('../features/sales/NewSalePage'),
  invoiceList: () => import('../features/sales/InvoiceListPage'),
  dashboard: () => import('../features/entries/DashboardPage'),
  entryRecords: () => import('../features/entries/EntryRecordsPage'),
  staffAttendance: () => import('../features/entries/StaffAttendancePage'),
  /** Product screens that later work builds show this until then (title and "coming soon"). */
  placeholder: () => import('../features/placeholder/PlaceholderPage'),
} satisfies Record<ScreenName, () => Promise<{ default: ComponentType }>>;
