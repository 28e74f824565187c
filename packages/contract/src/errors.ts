/**
 * Stable error codes of the API (PRODUCT.md §8). The server answers `{code, message}` with the
 * status given here; the app translates by `code` (key `errors.<CODE>` in its locales), so the
 * English message here is only the API's default text.
 */
export const ERROR_CODES = {
  // Request shape
  BAD_REQUEST: { status: 400, message: 'Invalid request' },
  REQUIRED_FIELDS: { status: 400, message: 'Please fill in all fields' },
  TEXT_TOO_LONG: { status: 400, message: 'Text is too long' },
  INVALID_PHONE: { status: 400, message: 'Invalid phone format' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password must be at least 8 characters' },
  PASSWORD_TOO_LONG: { status: 400, message: 'Password must be at most 128 characters' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'This password is one of the most common: choose one that is hard to guess',
  },
  PASSWORDS_DO_NOT_MATCH: { status: 400, message: 'Passwords do not match' },
  POLICY_NOT_AGREED: { status: 400, message: 'Please agree to the policy' },
  INVALID_CODE_FORMAT: { status: 400, message: 'The code has 6 digits' },
  INVALID_ID: { status: 400, message: 'Invalid ID' },
  INVALID_DATE: { status: 400, message: 'Invalid date' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  // Sign-in
  INVALID_CODE: { status: 400, message: 'Invalid or expired code' },
  CODE_ATTEMPTS_EXCEEDED: { status: 400, message: 'Too many wrong codes, request a new one' },
  SMS_COOLDOWN: { status: 429, message: 'Send failed, try again in a moment' },
  SMS_HOURLY_LIMIT: { status: 429, message: 'Send failed, too many codes this hour' },
  SMS_SEND_FAILED: { status: 502, message: 'Send failed' },
  PHONE_TAKEN: { status: 409, message: 'This phone number is already registered' },
  PHONE_NOT_REGISTERED: { status: 404, message: 'This phone number is not registered' },
  INVALID_CREDENTIALS: { status: 401, message: 'Wrong phone number or password' },
  ACCOUNT_LOCKED: { status: 429, message: 'Too many wrong passwords, try again later' },
  NOT_LOGGED_IN: { status: 401, message: 'Please login first' },
  SESSION_EXPIRED: { status: 401, message: 'Please login again' },
  FORBIDDEN: { status: 403, message: 'Not allowed' },
  CROSS_ORIGIN: { status: 403, message: 'Request from another site refused' },
  TOO_MANY_STREAMS: {
    status: 429,
    message: 'Too many live connections for this sign-in: close other tabs of the app',
  },
  REQUEST_STALLED: { status: 408, message: 'The request stopped arriving: send it again' },
  // Lots and auctions
  PHOTO_REQUIRED: { status: 400, message: 'Please upload at least 1 photo' },
  TOO_MANY_PHOTOS: { status: 400, message: 'At most 3 photos' },
  TOO_MANY_VIDEOS: { status: 400, message: 'Only 1 video allowed' },
  TOO_MANY_LOTS: { status: 400, message: 'At most 20 lots in one auction' },
  INVALID_QUANTITY: { status: 400, message: 'Enter a quantity from 0.1 to 100,000 kg' },
  INVALID_PRICE: { status: 400, message: 'Enter a price from RM 0.10 to RM 10,000.00 per kg' },
  PRICE_STEP: { status: 400, message: 'Prices go in steps of RM 0.10' },
  BUYOUT_NOT_ABOVE_START: { status: 400, message: 'Buyout price must be above the start price' },
  LANDING_IN_FUTURE: { status: 400, message: 'Landing time cannot be in the future' },
  LANDING_TOO_OLD: { status: 400, message: 'Landing time must be within the last 7 days' },
  LOT_NAME_TOO_LONG: { status: 400, message: 'Name: at most 140 characters' },
  QUANTITY_DECIMALS: { status: 400, message: 'One decimal at most, e.g. 10.5 kg' },
  // A typed number the app refuses before sending (the API takes integers): "12,50".
  DECIMAL_COMMA: { status: 400, message: 'Use a dot for decimals, e.g. 12.50' },
  NOT_VERIFIED: { status: 403, message: 'Only verified merchants can publish auctions' },
  AUCTION_HAS_BIDS: { status: 409, message: 'A live auction with bids cannot be deleted' },
  // Bids
  BID_BELOW_START: { status: 400, message: 'Bid is below the start price' },
  BID_OVER_QUANTITY: { status: 400, message: 'More kg than the lot has' },
  BID_NOT_RAISED: { status: 409, message: 'A new bid must raise your price or quantity' },
  LOT_ENDED: { status: 409, message: 'This lot has ended' },
  BID_AT_BUYOUT: { status: 400, message: 'At the buyout price, buy the lot out instead' },
  NO_BUYOUT: { status: 409, message: 'This lot has no buyout price' },
  // Trust in the market (PRODUCT.md §4a)
  BUYER_SUSPENDED: { status: 403, message: 'Your buying is suspended, contact the marketplace' },
  OWN_LOT: { status: 403, message: 'You cannot bid on or buy your own lots' },
  NOTHING_RETURNED: { status: 409, message: 'This lot has no returned kg' },
  OFFER_CLOSED: {
    status: 409,
    message: 'The bids of this lot are no longer binding, relist the kg instead',
  },
  INVALID_CREDIT_LIMIT: { status: 400, message: 'Enter a credit limit from RM 0 to RM 1,000,000' },
  // Uploads
  FILE_REQUIRED: { status: 400, message: 'Choose a file to upload' },
  FILE_TOO_LARGE: { status: 413, message: 'File is too large' },
  UNSUPPORTED_FILE: { status: 415, message: 'Unsupported file type' },
  FILE_TYPE_MISMATCH: { status: 415, message: 'The file is not what its name says' },
  IMAGE_TOO_LARGE: { status: 413, message: 'Image dimensions are too large' },
  UPLOAD_FAILED: { status: 422, message: 'Upload failed' },
  // Orders and money
  INVALID_DATE_RANGE: {
    status: 400,
    message: 'The end date must be after the start, within a year',
  },
  RECORDS_RANGE_TOO_LONG: {
    status: 400,
    message: 'Choose at most 366 days, 104 weeks or 60 months',
  },
  ORDER_STATUS_CONFLICT: { status: 409, message: 'This order cannot move to that status' },
  PAYMENT_EXPIRED: { status: 409, message: 'The time to pay this order has passed' },
  INSUFFICIENT_BALANCE: { status: 409, message: 'Insufficient balance' },
  INVALID_AMOUNT: { status: 400, message: 'Enter a valid amount' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: 'An Idempotency-Key header is required' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for another request',
  },
  WITHDRAWAL_BELOW_MINIMUM: { status: 400, message: 'The least you can withdraw is RM 10.00' },
  WITHDRAWAL_TOO_SOON: { status: 409, message: 'You can make one withdrawal every 24 hours' },
  WITHDRAWAL_PENDING: { status: 409, message: 'You already have a pending withdrawal' },
  BANK_ACCOUNT_REQUIRED: { status: 409, message: 'Add a bank account first' },
  BANK_ACCOUNT_NOT_VERIFIED: { status: 409, message: 'Your bank account is not verified yet' },
  BANK_REQUIRED: { status: 400, message: 'Please select a bank' },
  INVALID_ACCOUNT_NUMBER: { status: 400, message: 'Invalid account number' },
  ALREADY_REVIEWED: { status: 409, message: 'This was already reviewed' },
  INVALID_FEE_RATE: { status: 400, message: 'Enter a fee rate from 0 % to 30 %' },
  INVOICE_NOT_AVAILABLE: { status: 409, message: 'Only a paid order can have an invoice' },
  // Tax details and e-invoices (PRODUCT.md §5a)
  TIN_REQUIRED: { status: 400, message: 'Enter the tax identification number (TIN)' },
  TIN_INVALID: { status: 400, message: 'A TIN is its type letters and digits, e.g. C20880050010' },
  REGISTRATION_REQUIRED: { status: 400, message: 'Enter the SSM registration number' },
  REGISTRATION_INVALID: {
    status: 400,
    message: 'An SSM number has 12 digits (202001234567) or the old form 1234567-X',
  },
  SST_INVALID: { status: 400, message: 'An SST number looks like W10-1808-32000123' },
  MSIC_REQUIRED: { status: 400, message: 'Choose the MSIC code of your business' },
  MSIC_INVALID: { status: 400, message: 'This is not an MSIC code on LHDN’s list' },
  ACTIVITY_REQUIRED: { status: 400, message: 'Describe the business activity' },
  ACTIVITY_TOO_LONG: { status: 400, message: 'Business activity: at most 300 characters' },
  ADDRESS_REQUIRED: { status: 400, message: 'Enter the first line of the address' },
  ADDRESS_LINE_TOO_LONG: { status: 400, message: 'An address line: at most 150 characters' },
  POSTCODE_INVALID: { status: 400, message: 'A postcode has 5 digits' },
  CITY_REQUIRED: { status: 400, message: 'Enter the city' },
  CITY_TOO_LONG: { status: 400, message: 'City: at most 50 characters' },
  STATE_REQUIRED: { status: 400, message: 'Choose the state' },
  TAX_NAME_REQUIRED: { status: 400, message: 'Enter the registered name' },
  TAX_NAME_TOO_LONG: { status: 400, message: 'Registered name: at most 300 characters' },
  ID_TYPE_INVALID: { status: 400, message: 'Choose BRN, NRIC, passport or army number' },
  ID_NUMBER_REQUIRED: { status: 400, message: 'Enter the registration or ID number' },
  ID_NUMBER_INVALID: { status: 400, message: 'Letters, digits and dashes, at most 20' },
  EMAIL_INVALID: { status: 400, message: 'Enter a valid e-mail address' },
  CREDIT_NOTE_NOT_ISSUED: {
    status: 409,
    message: 'This order has no credit note: one is issued when an invoiced order is refunded',
  },
  // Printing
  PRINTER_UNREACHABLE: { status: 502, message: 'Printer not reachable' },
  INVALID_HOST: { status: 400, message: 'Enter a host name or IP address' },
  INVALID_PORT: { status: 400, message: 'Enter a port from 1 to 65535' },
  PRINTER_PORT_NOT_ALLOWED: {
    status: 400,
    message: 'A network printer is reached on port 9100, 9101 or 9102',
  },
  LAN_PRINTING_OFF: {
    status: 409,
    message: 'Network printing is not available on this server: use Bluetooth or the print dialog',
  },
  INVALID_MAC: {
    status: 400,
    message: 'Enter the printer’s MAC address, as on its self-test print: 00:11:62:12:34:56',
  },
  PRINTER_MAC_TAKEN: { status: 409, message: 'You already have a printer with this MAC address' },
  // Store (PRODUCT.md §7)
  STORE_NAME_REQUIRED: { status: 400, message: 'Enter the business name' },
  STORE_NAME_TOO_LONG: { status: 400, message: 'Business name: at most 80 characters' },
  STORE_ADDRESS_TOO_LONG: { status: 400, message: 'Address: at most 200 characters' },
  INVALID_LATITUDE: { status: 400, message: 'Latitude must be from -90 to 90' },
  INVALID_LONGITUDE: { status: 400, message: 'Longitude must be from -180 to 180' },
  LOCATION_INCOMPLETE: { status: 400, message: 'Give both latitude and longitude, or neither' },
  STORE_DESCRIPTION_TOO_LONG: { status: 400, message: 'Description: at most 500 characters' },
  ANNOUNCEMENT_EMPTY: { status: 400, message: 'An announcement cannot be empty' },
  ANNOUNCEMENT_TOO_LONG: { status: 400, message: 'An announcement: at most 140 characters' },
  TOO_MANY_ANNOUNCEMENTS: { status: 400, message: 'At most 5 announcements' },
  TOO_MANY_CAROUSEL_IMAGES: { status: 400, message: 'At most 5 carousel images' },
  CAROUSEL_DUPLICATE_IMAGE: { status: 400, message: 'The same image is in the carousel twice' },
  MEDIA_NOT_PHOTO: { status: 400, message: 'Only a photo can be used here' },
  STORE_BASIC_INFO_REQUIRED: { status: 409, message: 'Save your basic info first' },
  BUSINESS_ALREADY_VERIFIED: { status: 409, message: 'Your business is already verified' },
  // Boats and cold rooms
  BOAT_NUMBER_REQUIRED: { status: 400, message: 'Enter the boat number' },
  OWNER_NAME_REQUIRED: { status: 400, message: 'Enter the owner name' },
  BOAT_NUMBER_TAKEN: { status: 409, message: 'You already have a boat with this number' },
  TOO_MANY_BOATS: { status: 409, message: 'At most 50 boats' },
  TOO_MANY_COLD_ROOMS: { status: 409, message: 'At most 50 cold rooms' },
  // Feedback
  FEEDBACK_CATEGORY_REQUIRED: { status: 400, message: 'Choose what your feedback is about' },
  FEEDBACK_TOO_SHORT: { status: 400, message: 'Write at least 10 characters' },
  FEEDBACK_TOO_LONG: { status: 400, message: 'Write at most 1,000 characters' },
  INVALID_CONTACT: { status: 400, message: 'Enter a Malaysian mobile number or an e-mail address' },
  FEEDBACK_LIMIT: { status: 429, message: 'You have sent a lot of feedback, try again later' },
  // Notifications
  PUSH_ENDPOINT_NOT_ALLOWED: {
    status: 400,
    message: 'This browser’s push service is not supported',
  },
  // Generic
  NOT_FOUND: { status: 404, message: 'Not found' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, try again later' },
  INTERNAL: { status: 500, message: 'Failed' },
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The body of every error answer. `retryAfterSeconds` rides along on 429s. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
  /** INSUFFICIENT_BALANCE on a bid: the sen missing from the buyer's cover. */
  shortfall?: number;
}
