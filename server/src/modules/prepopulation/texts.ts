/** What pre-population's changes answer, in the product's words. */
import { msg } from '#words';
export const prepopulationTexts = {
  created: msg({ message: 'The data source has been created.' }),
  badRows: msg({ message: 'Some rows cannot be loaded. Nothing was saved: correct them and upload the file again.' }),
  noFile: msg({ message: 'Choose a CSV file to upload.' }),
  tooLarge: msg({ message: 'This file is larger than 10 MB: a data source takes at most 10 MB.' }),
  busy: msg({ message: 'Many files are being read just now. Please try again in a minute.' }),
  tooCostly: msg({ message: 'This file takes too long to read. Split it into smaller files and upload each.' }),
  noName: msg({ message: 'Give the data source a name.' }),
  noTemplate: msg({ message: 'Choose one of your templates for this data source to fill.' }),
  saved: msg({ message: 'The data source has been saved.' }),
  removed: msg({ message: 'The data source has been deleted.' }),
  unknownSource: msg({ message: 'This data source does not exist.' }),
  recordSaved: msg({ message: 'The record has been saved.' }),
  recordRemoved: msg({ message: 'The record has been deleted.' }),
  unknownRecord: msg({ message: 'This record does not exist in the data source.' }),
  noColumn: msg({ message: 'The data has no column {header}.' }),
  noField: msg({ message: 'The template has no field {name}.' }),
  notFillable: msg({ message: '{label} cannot be filled from a data source.' }),
  referenceFixed: msg({ message: 'The {header} of a record cannot be changed.' }),
};
