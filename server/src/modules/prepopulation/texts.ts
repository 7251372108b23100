/** What pre-population's changes answer, in the product's words. */
export const prepopulationTexts = {
  created: 'The data source has been created.',
  badRows: 'Some rows cannot be loaded. Nothing was saved: correct them and upload the file again.',
  noFile: 'Choose a CSV file to upload.',
  tooLarge: 'This file is larger than 10 MB: a data source takes at most 10 MB.',
  busy: 'Many files are being read just now. Please try again in a minute.',
  tooCostly: 'This file takes too long to read. Split it into smaller files and upload each.',
  noName: 'Give the data source a name.',
  noTemplate: 'Choose one of your templates for this data source to fill.',
  saved: 'The data source has been saved.',
  removed: 'The data source has been deleted.',
  unknownSource: 'This data source does not exist.',
  recordSaved: 'The record has been saved.',
  recordRemoved: 'The record has been deleted.',
  unknownRecord: 'This record does not exist in the data source.',
} as const;
