{{/* Names and labels shared by every object of the chart. */}}

{{- define "idv.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "idv.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: call with (dict "root" $ "component" "front-door"). */}}
{{- define "idv.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "idv.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "idv.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "idv.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "idv.mongodbSecret" -}}
{{- default (printf "%s-mongodb" (include "idv.fullname" .)) .Values.mongodb.existingSecret -}}
{{- end -}}

{{- define "idv.dataKeySecret" -}}
{{- default (printf "%s-data-key" (include "idv.fullname" .)) .Values.dataKey.existingSecret -}}
{{- end -}}

{{/* The headless Service whose addresses are the ready pipelines. */}}
{{- define "idv.pipelineService" -}}
{{- printf "%s-pipeline" (include "idv.fullname" .) -}}
{{- end -}}

{{/* The headless Service's full name: the host of the front doors' address, and the name the pipelines' certificate holds. */}}
{{- define "idv.pipelineHost" -}}
{{- printf "%s.%s.svc.%s" (include "idv.pipelineService" .) .Release.Namespace .Values.clusterDomain -}}
{{- end -}}

{{/* The front doors' IDV_PIPELINE_ADDRESS: a dns: target that gRPC re-resolves (server/pipeline-address.ts). */}}
{{- define "idv.pipelineAddress" -}}
{{- printf "dns:///%s:%d" (include "idv.pipelineHost" .) (int .Values.pipeline.port) -}}
{{- end -}}

{{/* The pipelines' TLS Secrets (tls.crt, tls.key, ca.crt) and token Secret: given, or the chart's (pipeline-secrets.yaml). */}}
{{- define "idv.pipelineServerTlsSecret" -}}
{{- default (printf "%s-pipeline-tls" (include "idv.fullname" .)) .Values.pipeline.tls.serverSecret -}}
{{- end -}}

{{- define "idv.pipelineClientTlsSecret" -}}
{{- default (printf "%s-pipeline-client-tls" (include "idv.fullname" .)) .Values.pipeline.tls.clientSecret -}}
{{- end -}}

{{- define "idv.pipelineTokenSecret" -}}
{{- default (printf "%s-pipeline-token" (include "idv.fullname" .)) .Values.pipeline.token.existingSecret -}}
{{- end -}}

{{/* Where a pipeline TLS Secret is mounted: the server's in a pipeline, the client's in a front door. */}}
{{- define "idv.pipelineTlsDir" -}}/var/run/secrets/idv-pipeline-tls{{- end -}}

{{/* IDV_PIPELINE_TOKEN from its Secret, for both components. */}}
{{- define "idv.pipelineTokenEnv" -}}
- name: IDV_PIPELINE_TOKEN
  valueFrom:
    secretKeyRef:
      name: {{ include "idv.pipelineTokenSecret" . }}
      key: {{ .Values.pipeline.token.secretKey }}
{{- end -}}

{{/* Where the data master key's Secret is mounted in a front door. */}}
{{- define "idv.dataKeyDir" -}}/var/run/secrets/idv{{- end -}}

{{/* Spread a component's pods over nodes where the scheduler can. */}}
{{- define "idv.spread" -}}
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "idv.selectorLabels" . | nindent 8 }}
{{- end -}}

{{/* A pause before SIGTERM, so the endpoints drop the pod before it stops taking work. */}}
{{- define "idv.preStop" -}}
lifecycle:
  preStop:
    exec:
      command: ["sleep", "5"]
{{- end -}}
