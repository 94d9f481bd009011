/*
 * Prints what a Vulkan driver says about compiled compute shaders: for each
 * SPIR-V file, one compute pipeline is built with the statistics of
 * VK_KHR_pipeline_executable_properties captured, and every statistic the
 * driver reports (registers, spills, local memory, where it gives them) is
 * printed as "file<TAB>executable<TAB>name<TAB>value".
 *
 * Usage: vk-stats BINDINGS FILE.spv [BINDINGS FILE.spv ...]
 *   BINDINGS: the shader's set-0 bindings, comma-separated, each NUMBER:u
 *   (uniform buffer) or NUMBER:s (storage buffer), e.g. 0:u,1:s,2:s.
 * The entry point is Dawn's, "dawn_entry_point". Exit status 2 on bad
 * input, 1 when no device gives the statistics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define MAX_BINDINGS 16

static int fail(const char *what, VkResult r) {
  fprintf(stderr, "vk-stats: %s failed (VkResult %d)\n", what, (int)r);
  return 1;
}

static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = malloc(n > 0 ? (size_t)n : 1);
  if (data && fread(data, 1, (size_t)n, f) != (size_t)n) { free(data); data = NULL; }
  fclose(f);
  *size = (size_t)n;
  return data;
}

static int parse_bindings(const char *text, VkDescriptorSetLayoutBinding *out) {
  int count = 0;
  const char *p = text;
  while (*p) {
    char *end;
    long number = strtol(p, &end, 10);
    if (end == p || *end != ':' || count == MAX_BINDINGS) return -1;
    char kind = end[1];
    if (kind != 'u' && kind != 's') return -1;
    out[count] = (VkDescriptorSetLayoutBinding){
      .binding = (uint32_t)number,
      .descriptorType = kind == 'u' ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      .descriptorCount = 1,
      .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
    };
    count++;
    p = end + 2;
    if (*p == ',') p++;
    else if (*p) return -1;
  }
  return count;
}

static void print_statistic(const char *file, const char *executable, const VkPipelineExecutableStatisticKHR *s) {
  printf("%s\t%s\t%s\t", file, executable, s->name);
  switch (s->format) {
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: printf("%s", s->value.b32 ? "true" : "false"); break;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: printf("%lld", (long long)s->value.i64); break;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: printf("%llu", (unsigned long long)s->value.u64); break;
    case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR: printf("%g", s->value.f64); break;
    default: printf("?"); break;
  }
  printf("\n");
}

static int report_pipeline(VkDevice device, VkPipeline pipeline, const char *file) {
  PFN_vkGetPipelineExecutablePropertiesKHR properties =
    (PFN_vkGetPipelineExecutablePropertiesKHR)vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR");
  PFN_vkGetPipelineExecutableStatisticsKHR statistics =
    (PFN_vkGetPipelineExecutableStatisticsKHR)vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR");
  if (!properties || !statistics) return fail("loading the executable-properties functions", VK_ERROR_EXTENSION_NOT_PRESENT);
  VkPipelineInfoKHR info = { .sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline };
  uint32_t executables = 0;
  VkResult r = properties(device, &info, &executables, NULL);
  if (r != VK_SUCCESS) return fail("vkGetPipelineExecutablePropertiesKHR", r);
  VkPipelineExecutablePropertiesKHR *props = calloc(executables ? executables : 1, sizeof *props);
  for (uint32_t i = 0; i < executables; i++) props[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR;
  properties(device, &info, &executables, props);
  for (uint32_t e = 0; e < executables; e++) {
    printf("%s\t%s\tsubgroup size\t%u\n", file, props[e].name, props[e].subgroupSize);
    VkPipelineExecutableInfoKHR which = { .sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, .pipeline = pipeline, .executableIndex = e };
    uint32_t count = 0;
    r = statistics(device, &which, &count, NULL);
    if (r != VK_SUCCESS) return fail("vkGetPipelineExecutableStatisticsKHR", r);
    VkPipelineExecutableStatisticKHR *stats = calloc(count ? count : 1, sizeof *stats);
    for (uint32_t i = 0; i < count; i++) stats[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
    statistics(device, &which, &count, stats);
    for (uint32_t i = 0; i < count; i++) print_statistic(file, props[e].name, &stats[i]);
    free(stats);
  }
  free(props);
  return 0;
}

static int has_extension(VkPhysicalDevice physical, const char *name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(physical, NULL, &count, NULL);
  VkExtensionProperties *list = calloc(count ? count : 1, sizeof *list);
  vkEnumerateDeviceExtensionProperties(physical, NULL, &count, list);
  int found = 0;
  for (uint32_t i = 0; i < count && !found; i++) found = strcmp(list[i].extensionName, name) == 0;
  free(list);
  return found;
}

int main(int argc, char **argv) {
  if (argc < 3 || argc % 2 == 0) {
    fprintf(stderr, "usage: vk-stats BINDINGS FILE.spv [BINDINGS FILE.spv ...]\n");
    return 2;
  }
  VkApplicationInfo app = { .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .pApplicationName = "vk-stats", .apiVersion = VK_API_VERSION_1_2 };
  VkInstanceCreateInfo instanceInfo = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app };
  VkInstance instance;
  VkResult r = vkCreateInstance(&instanceInfo, NULL, &instance);
  if (r != VK_SUCCESS) return fail("vkCreateInstance", r);
  uint32_t devices = 0;
  vkEnumeratePhysicalDevices(instance, &devices, NULL);
  VkPhysicalDevice *physical = calloc(devices ? devices : 1, sizeof *physical);
  vkEnumeratePhysicalDevices(instance, &devices, physical);
  VkPhysicalDevice chosen = VK_NULL_HANDLE;
  for (uint32_t i = 0; i < devices && !chosen; i++) {
    if (has_extension(physical[i], VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) chosen = physical[i];
  }
  // Without the extension the pipelines are still built, which checks the
  // SPIR-V and its bindings, and the exit status says no statistics came.
  int offered = chosen != VK_NULL_HANDLE;
  if (!offered) {
    if (devices == 0) { fprintf(stderr, "vk-stats: no Vulkan device\n"); return 1; }
    fprintf(stderr, "vk-stats: none of the %u Vulkan devices offers %s; building the pipelines only\n", devices,
            VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    chosen = physical[0];
  }
  VkPhysicalDeviceProperties deviceProperties;
  vkGetPhysicalDeviceProperties(chosen, &deviceProperties);
  printf("# device: %s, driver version %u, API %u.%u.%u\n", deviceProperties.deviceName, deviceProperties.driverVersion,
         VK_API_VERSION_MAJOR(deviceProperties.apiVersion), VK_API_VERSION_MINOR(deviceProperties.apiVersion),
         VK_API_VERSION_PATCH(deviceProperties.apiVersion));

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = 0, .queueCount = 1, .pQueuePriorities = &priority };
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executableFeature = {
    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR, .pipelineExecutableInfo = VK_TRUE };
  VkPhysicalDeviceVulkan12Features features12 = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &executableFeature, .vulkanMemoryModel = VK_TRUE, .vulkanMemoryModelDeviceScope = VK_TRUE };
  const char *extensions[] = { VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME };
  VkDeviceCreateInfo deviceInfo = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &features12, .queueCreateInfoCount = 1, .pQueueCreateInfos = &queue,
    .enabledExtensionCount = offered ? 1 : 0, .ppEnabledExtensionNames = extensions };
  if (!offered) features12.pNext = NULL;
  VkDevice device;
  r = vkCreateDevice(chosen, &deviceInfo, NULL, &device);
  if (r != VK_SUCCESS) return fail("vkCreateDevice", r);

  int status = 0;
  for (int a = 1; a + 1 < argc; a += 2) {
    const char *file = argv[a + 1];
    VkDescriptorSetLayoutBinding bindings[MAX_BINDINGS];
    int bindingCount = parse_bindings(argv[a], bindings);
    if (bindingCount < 0) { fprintf(stderr, "vk-stats: bad bindings \"%s\"\n", argv[a]); return 2; }
    size_t size = 0;
    unsigned char *code = read_file(file, &size);
    if (!code || size % 4 != 0) { fprintf(stderr, "vk-stats: cannot read SPIR-V from %s\n", file); return 2; }
    VkShaderModuleCreateInfo moduleInfo = { .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size, .pCode = (const uint32_t *)code };
    VkShaderModule module;
    if ((r = vkCreateShaderModule(device, &moduleInfo, NULL, &module)) != VK_SUCCESS) { status = fail("vkCreateShaderModule", r); continue; }
    VkDescriptorSetLayoutCreateInfo setInfo = { .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = (uint32_t)bindingCount, .pBindings = bindings };
    VkDescriptorSetLayout set;
    vkCreateDescriptorSetLayout(device, &setInfo, NULL, &set);
    VkPipelineLayoutCreateInfo layoutInfo = { .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1, .pSetLayouts = &set };
    VkPipelineLayout layout;
    vkCreatePipelineLayout(device, &layoutInfo, NULL, &layout);
    VkComputePipelineCreateInfo pipelineInfo = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = offered ? VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR : 0,
      .stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = module, .pName = "dawn_entry_point" },
      .layout = layout,
    };
    VkPipeline pipeline;
    if ((r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo, NULL, &pipeline)) != VK_SUCCESS) {
      status = fail("vkCreateComputePipelines", r);
    } else {
      if (!offered) printf("%s\tbuilt (no statistics offered)\n", file);
      else if (report_pipeline(device, pipeline, file) != 0) status = 1;
      vkDestroyPipeline(device, pipeline, NULL);
    }
    vkDestroyPipelineLayout(device, layout, NULL);
    vkDestroyDescriptorSetLayout(device, set, NULL);
    vkDestroyShaderModule(device, module, NULL);
    free(code);
    fflush(stdout);
  }
  vkDestroyDevice(device, NULL);
  vkDestroyInstance(instance, NULL);
  return offered ? status : 1;
}
