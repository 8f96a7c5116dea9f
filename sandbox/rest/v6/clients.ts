import type { HandlerTable } from '../call';
import { copyCreditCard, addClient, mergeClients, updateClient } from './clientWrites';
import { addArrival } from './clientArrivals';
import {
	getAccountBalances,
	getClientIndexes,
	getClients,
	getCompleteInfo,
	getCrossRegionalAssociations,
	getCustomFields,
	getDuplicates,
	getReferralTypes,
	getRequiredFields,
} from './clientLists';
import {
	addContactLog,
	addDirectDebitInfo,
	addFormulaNote,
	deleteContactLog,
	deleteDirectDebitInfo,
	deleteFormulaNote,
	getContactLogs,
	getContactLogTypes,
	getDirectDebitInfo,
	getFormulaNotes,
	getRewards,
	sendAutoEmail,
	sendPasswordResetEmail,
	updateContactLog,
	updateRewards,
	uploadDocument,
	uploadPhoto,
} from './clientNotes';

/** The v6 operations on clients and their records, all kept in the site's state. */
export const clientsV6Handlers: HandlerTable = {
	'client.getAccountBalances': getAccountBalances, // GET /client/clientaccountbalances
	'client.getCompleteInfo': getCompleteInfo, // GET /client/clientcompleteinfo
	'client.getDirectDebitInfo': getDirectDebitInfo, // GET /client/clientdirectdebitinfo
	'client.deleteDirectDebitInfo': deleteDirectDebitInfo, // DELETE /client/clientdirectdebitinfo
	'client.getDuplicates': getDuplicates, // GET /client/clientduplicates
	'client.getFormulaNotes': getFormulaNotes, // GET /client/clientformulanotes
	'clientIndex.getMany': getClientIndexes, // GET /client/clientindexes
	'client.getReferralTypes': getReferralTypes, // GET /client/clientreferraltypes
	'client.getRewards': getRewards, // GET /client/clientrewards
	'client.updateRewards': updateRewards, // POST /client/clientrewards
	'client.getMany': getClients, // GET /client/clients
	'contactLog.getMany': getContactLogs, // GET /client/contactlogs
	'contactLog.getTypes': getContactLogTypes, // GET /client/contactlogtypes
	'client.getCrossRegionalAssociations': getCrossRegionalAssociations, // GET /client/crossregionalclientassociations
	'client.getCustomFields': getCustomFields, // GET /client/customclientfields
	'client.getRequiredFields': getRequiredFields, // GET /client/requiredclientfields
	'client.addArrival': addArrival, // POST /client/addarrival
	'client.create': addClient, // POST /client/addclient
	'client.addDirectDebitInfo': addDirectDebitInfo, // POST /client/addclientdirectdebitinfo
	'client.addFormulaNote': addFormulaNote, // POST /client/addclientformulanote
	'contactLog.create': addContactLog, // POST /client/addcontactlog
	'client.merge': mergeClients, // POST /client/mergeclients
	'client.sendAutoEmail': sendAutoEmail, // POST /client/sendautoemail
	'client.sendPasswordResetEmail': sendPasswordResetEmail, // POST /client/sendpasswordresetemail
	'client.update': updateClient, // POST /client/updateclient
	'contactLog.update': updateContactLog, // POST /client/updatecontactlog
	'client.uploadDocument': uploadDocument, // POST /client/uploadclientdocument
	'client.uploadPhoto': uploadPhoto, // POST /client/uploadclientphoto
	'client.deleteFormulaNote': deleteFormulaNote, // DELETE /client/clientformulanote
	'contactLog.delete': deleteContactLog, // DELETE /client/deletecontactlog
	'client.copyCreditCard': copyCreditCard, // POST /crossSite/copycreditcard
};
