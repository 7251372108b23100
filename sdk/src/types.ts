/**
 * Handy names for the contract's shapes, all derived from the generated types, so they follow
 * `openapi/openapi.yaml` and are never written by hand.
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
/** The query parameters of an operation. */
type Query<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;

// Common
export type CodeResult = Schemas['CodeResult'];
export type GenericError = Schemas['GenericError'];
export type Pagination = Schemas['Pagination'];
export type ListFilters = Schemas['ListFilters'];
export type Role = Schemas['Role'];
export type FormStatus = Schemas['FormStatus'];
export type FormField = Schemas['FormField'];
export type FieldPlacement = Schemas['FieldPlacement'];
export type FieldCondition = Schemas['FieldCondition'];
export type FieldValidation = Schemas['FieldValidation'];
export type Language = Schemas['Language'];
export type TemplateStep = Schemas['TemplateStep'];
export type TemplateStepsUpdate = Schemas['TemplateStepsUpdate'];
export type SendFormRequest = Schemas['SendFormRequest'];
export type SendFormResult = Schemas['SendFormResult'];
export type FormProgress = Schemas['FormProgress'];
export type RecipientProgress = Schemas['RecipientProgress'];
export type FormProgressAction = Schemas['FormProgressAction'];
export type FormProgressResult = Schemas['FormProgressResult'];

// Auth
export type LoginRequest = Schemas['LoginRequest'];
export type LoginResponse = Schemas['LoginResponse'];
export type TokenClaims = Schemas['TokenClaims'];
export type LoggedInUser = Schemas['LoggedInUser'];
export type RegisterRequest = Schemas['RegisterRequest'];
export type ActivateRequest = Schemas['ActivateRequest'];
export type ForgotPasswordRequest = Schemas['ForgotPasswordRequest'];
export type SetNewPasswordRequest = Schemas['SetNewPasswordRequest'];
export type SecondFactorRequest = Schemas['SecondFactorRequest'];
export type SecondFactorChallenge = Schemas['SecondFactorChallenge'];

// Account
export type Account = Schemas['Account'];
export type UserProfile = Schemas['UserProfile'];
export type Company = Schemas['Company'];
export type ProfileUpdate = Schemas['ProfileUpdate']['data'];
export type ProfileSaved = Schemas['ProfileSaved'];
export type CompanyUpdate = Schemas['CompanyUpdate']['data'];
export type CompanySaved = Schemas['CompanySaved'];
export type EnvelopeCount = Schemas['EnvelopeCount'];
export type Product = Schemas['Product'];
export type CheckoutSession = Schemas['CheckoutSession'];
export type PurchaseStatus = Schemas['PurchaseStatus'];
export type ProductsResponse = Schemas['ProductsResponse'];
export type ProductList = Schemas['ProductList'];
export type PaymentsMode = ProductList['payments'];
export type GrantEnvelopesRequest = Schemas['GrantEnvelopesRequest'];
export type EnvelopesGranted = Schemas['EnvelopesGranted'];
export type Organisation = Schemas['Organisation'];
export type OrganisationPage = Schemas['OrganisationPage'];
export type OrganisationsQuery = Query<'listOrganisations'>;
export type StripeEvent = Schemas['StripeEvent'];
export type StripeEventReceived = Schemas['StripeEventReceived'];

// Strings and tutorials
export type Strings = Schemas['Strings'];
export type StringsChange = Schemas['StringsChange'];
export type TutorialItem = Schemas['TutorialItem'];
export type SubtitleTrack = Schemas['SubtitleTrack'];
/** The subtitle track saved by `tutorials.saveSubtitle`, sent as JSON in the `data` field. */
export interface SubtitleUpload {
  /** The video's URL. */
  video: string;
  label: string;
  srclang: string;
  /** The WebVTT text. */
  vtt: string;
}

// Forms and workflow
export type CompletedForm = Schemas['CompletedForm'];
export type CompletedFormPage = Schemas['CompletedFormPage'];
export type CompletedFormsQuery = Query<'listCompletedForms'>;
export type PendingForm = Schemas['PendingForm'];
export type PendingFormPage = Schemas['PendingFormPage'];
export type PendingFormsQuery = Query<'listPendingForms'>;
export type SupportingDocument = Schemas['SupportingDocument'];
export type SupportingDocumentPage = Schemas['SupportingDocumentPage'];
export type SupportingDocumentsQuery = Query<'listSupportingDocuments'>;
export type AuditEvent = Schemas['AuditEvent'];
export type FormAuditResponse = Schemas['FormAuditResponse'];
export type FormAuditQuery = Query<'listFormAudit'>;
export type WorkflowItem = Schemas['WorkflowItem'];
export type WorkflowPage = Schemas['WorkflowPage'];
export type WorkflowQuery = Query<'listWorkflow'>;

// Templates
export type TemplateListing = Schemas['TemplateListing'];
export type FormListingResponse = Schemas['FormListingResponse'];
/** A template command; the SDK adds the caller's `token`. */
export type ManageTemplatesRequest = Omit<Schemas['ManageTemplatesRequest'], 'token'>;
export type ManageTemplatesResponse = Schemas['ManageTemplatesResponse'];
export type ManagedTemplate = Schemas['ManagedTemplate'];
export type TemplateDetails = Schemas['TemplateDetails'];
export type TemplateDetail = Schemas['TemplateDetail'];
export type TemplateSummary = Schemas['TemplateSummary'];
export type TemplateSummaryList = Schemas['TemplateSummaryList'];
export type PdfPageSize = Schemas['PdfPageSize'];
export type DocumentPage = Schemas['DocumentPage'];
export type TemplatePdfResponse = Schemas['TemplatePdfResponse'];
export type CompanyStamp = Schemas['CompanyStamp'];
export type CompanyStampResponse = Schemas['CompanyStampResponse'];

// Database and analytics
export type DatabaseRow = Schemas['DatabaseRow'];
export type DatabasePage = Schemas['DatabasePage'];
export type DatabaseQuery = Query<'listDatabaseForms'>;
export type ChartName = Schemas['DashboardRequest']['selectedChart'];
export type DashboardChart = Schemas['DashboardChart'];
export type Pivot = Schemas['Pivot'];
export type PivotQuery = Query<'getPivot'>;

// Devices and storage
export type Device = Schemas['Device'];
export type DevicePage = Schemas['DevicePage'];
export type DevicesQuery = Query<'manageDevices'>;
export type StorageAction = Schemas['StorageAction'];
export type StorageFile = Schemas['StorageFile'];
export type StorageResponse = Schemas['StorageResponse'];
export type StorageQuery = Query<'manageStorage'>;

// Users and logs
export type UserRow = Schemas['UserRow'];
export type UserPage = Schemas['UserPage'];
export type UsersQuery = Schemas['UsersRequest'];
export type UserCommand = Schemas['UserCommand'];
export type InviteUser = Schemas['InviteUser'];
export type InviteResult = Schemas['InviteResult'];
/** One invited person's outcome: the person sent, their code, its text and whether it succeeded. */
export interface InviteOutcome {
  user: InviteUser;
  code: number;
  text: string;
  ok: boolean;
}
export type LogRecord = Schemas['LogRecord'];
export type LogPage = Schemas['LogPage'];
export type LogsQuery = Query<'listLogs'>;

// Integrations and pre-population
export type Integration = Schemas['Integration'];
export type IntegrationSource = Schemas['IntegrationSource'];
export type IntegrationResponse = Schemas['IntegrationResponse'];
export type IntegrationsQuery = Query<'manageIntegrations'>;
export type IntegrationCredentials = Schemas['IntegrationCredentials'];
export type SingleSignOnSettings = Schemas['SingleSignOnSettings'];
export type SingleSignOnInput = Schemas['SingleSignOnInput'];
export type SingleSignOnOffer = Schemas['SingleSignOnOffer'];
export type SingleSignOnLookup = Schemas['SingleSignOnLookup'];
export type Delivery = Schemas['Delivery'];
export type DeliveryQueued = Schemas['DeliveryQueued'];
export type DeliveryPage = Schemas['DeliveryPage'];
export type IntegrationDeliveriesQuery = Query<'listIntegrationDeliveries'>;
export type WebhookEventType = Schemas['WebhookEventType'];
export type WebhookSubscription = Schemas['WebhookSubscription'];
export type WebhookSubscriptionList = Schemas['WebhookSubscriptionList'];
export type WebhookSubscriptionCreated = Schemas['WebhookSubscriptionCreated'];
export type WebhookSubscriptionInput = Schemas['WebhookSubscriptionInput'];
export type WebhookSubscriptionChange = Schemas['WebhookSubscriptionChange'];
export type WebhookSecret = Schemas['WebhookSecret'];
export type WebhookMessage = Schemas['WebhookMessage'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryPage = Schemas['WebhookDeliveryPage'];
export type WebhookDeliveriesQuery = Query<'listWebhookDeliveries'>;
export type WebhookSendAgainRequest = Schemas['WebhookSendAgainRequest'];
export type PrepopulationSourceSummary = Schemas['PrepopulationSourceSummary'];
export type PrepopulationResponse = Schemas['PrepopulationResponse'];
export type PrepopulationQuery = Query<'fetchPrepopulation'>;
export type PrepopulationUploadResult = Schemas['PrepopulationUploadResult'];
export type PrepopulationProblem = Schemas['PrepopulationProblem'];
export type PrepopulationSourceChange = Schemas['PrepopulationSourceChange'];
export type PrepopulationSourceResult = Schemas['PrepopulationSourceResult'];
export type PrepopulationDataRecord = Schemas['PrepopulationDataRecord'];
export type PrepopulationRecordPage = Schemas['PrepopulationRecordPage'];
export type PrepopulationRecordsQuery = Query<'listPrepopulationRecords'>;
export type PrepopulationRecordChange = Schemas['PrepopulationRecordChange'];
export type PrepopulationRecordResult = Schemas['PrepopulationRecordResult'];

// Time and attendance
export type Staff = Schemas['Staff'];
export type StaffList = Schemas['StaffList'];
export type Visitor = Schemas['Visitor'];
export type VisitorList = Schemas['VisitorList'];
export type TimeEntriesRequest = Schemas['TnaRequest']['data'];
export type TnaEntry = Schemas['TnaEntry'];
export type TnaResponse = Schemas['TnaResponse'];
export type TimeReportRequest = Schemas['TnaReportRequest']['data'];
export type TnaReport = Schemas['TnaReport'];

// Case management
export type TenantSummary = Schemas['TenantSummary'];
export type TenantList = Schemas['TenantList'];
export type Tenant = Schemas['Tenant'];
export type Person = Schemas['Person'];
export type PeopleList = Schemas['PeopleList'];
export type TenantInput = Schemas['TenantInput'];
export type TenantNoteInput = Schemas['TenantNoteInput'];
export type TenantNote = Schemas['TenantNote'];
export type FileFormRequest = Schemas['FileFormRequest'];
export type FormCase = Schemas['FormCase'];

// Settings
export type Settings = Schemas['Settings'];
export type SettingsUpdate = Schemas['SettingsUpdate'];
export type Category = Schemas['Category'];
export type CategoryAction = Schemas['CategoryAction'];
export type CategoryList = Schemas['CategoryList'];
export type Group = Schemas['Group'];
export type GroupsRequest = Schemas['GroupsRequest']['data'];
export type GroupList = Schemas['GroupList'];
export type ApiKey = Schemas['ApiKey'];
export type ApiKeyRole = Schemas['ApiKeyRole'];
export type ApiKeyList = Schemas['ApiKeyList'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
export type CreateApiKeyResult = Schemas['CreateApiKeyResult'];
export type RevokeApiKeyResult = Schemas['RevokeApiKeyResult'];

// Bulk sends
export type BulkSend = Schemas['BulkSend'];
export type BulkSendStatus = BulkSend['status'];
export type BulkSendList = Schemas['BulkSendList'];
export type BulkSendDetail = Schemas['BulkSendDetail'];
/** One bulk send with its progress: what `bulkSends.get` answers. */
export type BulkSendProgress = BulkSendDetail & { bulk_send: BulkSend };
export type BulkSendUnsentRow = Schemas['BulkSendUnsentRow'];
export type StartBulkSendResult = Schemas['StartBulkSendResult'];
export type CancelBulkSendResult = Schemas['CancelBulkSendResult'];

// Signing and support
export type WebSigningRequest = Schemas['WebSigningRequest'];
export type SigningPreviewRequest = Schemas['SigningPreviewRequest'];
export type WebSigningResponse = Schemas['WebSigningResponse'];
export type SigningForm = Schemas['SigningForm'];
export type SigningReceipt = Schemas['SigningReceipt'];
export type SigningVerification = Schemas['SigningVerification'];
/** What a web-signing call answers: the form (`load`), a receipt, or nothing. */
export type WebSigningData = WebSigningResponse['data'];
/** What `POST /verify` answers of a PDF: sealed here and unchanged, changed since, or foreign. */
export type Verification = Schemas['Verification'];
export type VerifiedForm = Schemas['VerifiedForm'];
export type ContactRequest = Schemas['ContactRequest'];
